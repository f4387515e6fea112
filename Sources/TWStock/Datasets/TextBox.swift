import Synchronization

/// A line learned by a loader (an exchange's no-data words), read by a header.
final class TextBox: Sendable {
    private let text = Mutex<String?>(nil)

    var value: String? { text.withLock { $0 } }

    func set(_ value: String?) {
        text.withLock { $0 = value }
    }
}
