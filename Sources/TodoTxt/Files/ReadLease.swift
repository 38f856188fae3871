#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A read lease on a file the app holds open for reading: the kernel grants it only while no
/// process has the file open for writing, and a process that opens it for writing while it is
/// held waits until it is given back. So between `take` and `release`, nobody can start
/// writing the file.
///
/// ```swift
/// if ReadLease.take(fd) == .taken {
///   unlink(path)  // no writer has it, and none can open it by this name any more
///   ReadLease.release(fd)
/// }
/// ```
enum ReadLease {
  enum Outcome: Equatable {
    /// Held: nobody has the file open for writing.
    case taken
    /// Refused: some process (this one included) has the file open for writing.
    case writerOpen
    /// Leases are not available here (another owner's file, NFS, not Linux): nothing is known.
    case unavailable
  }

  #if os(Linux)
    // From <fcntl.h> (`_GNU_SOURCE`), which the Glibc module does not export.
    static let setLease: Int32 = 1024
    static let setSignal: Int32 = 10
    static let readLease: Int32 = 0
    static let noLease: Int32 = 2
  #endif

  /// Asks for a read lease on `fd` (open for reading only).
  static func take(_ fd: Int32) -> Outcome {
    #if os(Linux)
      // A writer opening the file while the lease is held breaks it with a signal: SIGURG,
      // which is ignored unless handled, rather than SIGIO, which would end the app.
      _ = fcntl(fd, setSignal, SIGURG)
      if fcntl(fd, setLease, readLease) == 0 { return .taken }
      return errno == EAGAIN ? .writerOpen : .unavailable
    #else
      return .unavailable
    #endif
  }

  /// Gives the lease back; a writer waiting for it goes on.
  static func release(_ fd: Int32) {
    #if os(Linux)
      _ = fcntl(fd, setLease, noLease)
    #endif
  }
}
