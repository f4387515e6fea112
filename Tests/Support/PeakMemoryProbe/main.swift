import Foundation

#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// A test probe: runs a command with this process's standard input, output and error, writes
// the most memory the command held (its peak resident set, in bytes) to REPORT, and exits as
// the command did (128 + the signal when a signal ended it).
//   peak-memory-probe REPORT COMMAND [ARGUMENT…]
//
// A test cannot measure this itself: on Linux, a process started from the test process (a
// fork, vfork or posix_spawn) inherits the test process's own peak as its starting peak when
// it execs, and the test process is large. This probe is small, so its child's peak is the
// child's.
let arguments = CommandLine.arguments
guard arguments.count >= 3 else {
    FileHandle.standardError.write(Data("usage: peak-memory-probe REPORT COMMAND [ARGUMENT…]\n".utf8))
    exit(2)
}
let argv = arguments.dropFirst(2).map { strdup($0) } + [nil]
var pid: pid_t = 0
let spawned = posix_spawn(&pid, arguments[2], nil, nil, argv, environ)
guard spawned == 0 else {
    FileHandle.standardError.write(Data("peak-memory-probe: cannot run \(arguments[2]): error \(spawned)\n".utf8))
    exit(127)
}
var status: Int32 = 0
var usage = rusage()
while wait4(pid, &status, 0, &usage) < 0, errno == EINTR {}
#if canImport(Darwin)
    let peak = Int(usage.ru_maxrss)  // bytes on Darwin
#else
    let peak = Int(usage.ru_maxrss) * 1024  // kilobytes on Linux
#endif
try Data("\(peak)\n".utf8).write(to: URL(fileURLWithPath: arguments[1]))
let signalled = status & 0x7F
exit(signalled == 0 ? (status >> 8) & 0xFF : 128 + signalled)
