import Foundation

#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The system's own words for a failed file operation (`no space left on device`), for messages
/// that say what went wrong with a path.
public enum SystemErrorText {
    /// The POSIX reason under a Foundation file error, in lower case; the error's own
    /// description when there is none.
    public static func reason(_ error: any Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError,
            underlying.domain == NSPOSIXErrorDomain
        {
            return describe(errno: Int32(underlying.code))
        }
        return nsError.localizedDescription
    }

    /// `strerror` in lower case.
    public static func describe(errno code: Int32) -> String {
        String(cString: strerror(code)).lowercased()
    }
}
