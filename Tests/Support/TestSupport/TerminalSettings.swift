#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whether two sets of terminal settings are the same in every field a program can change.
public func sameSettings(_ left: termios, _ right: termios) -> Bool {
    var left = left
    var right = right
    return left.c_iflag == right.c_iflag && left.c_oflag == right.c_oflag && left.c_cflag == right.c_cflag
        && left.c_lflag == right.c_lflag
        && withUnsafeBytes(of: &left.c_cc) { a in withUnsafeBytes(of: &right.c_cc) { b in a.elementsEqual(b) } }
}

/// A terminal's settings in a line, for messages.
public func describe(_ settings: termios) -> String {
    "iflag \(String(settings.c_iflag, radix: 8)) oflag \(String(settings.c_oflag, radix: 8)) "
        + "lflag \(String(settings.c_lflag, radix: 8))"
}
