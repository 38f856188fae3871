#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Whether another program has a file open for writing right now: a writer that truncates
/// and rewrites in place (`cat > todo.txt`, a sync client writing in chunks) is then halfway
/// through, and what is on disk is only the start of its version. Renaming ours over it would
/// send the rest of its writes to a file nobody sees, so a save waits until it is done.
///
/// ```swift
/// if OpenWriters.isOpenForWriting(target) { throw OpenWriters.beingWritten(target) }
/// ```
enum OpenWriters {
  /// A writer that has not written for this long is not halfway through a save: a process
  /// that merely keeps the file open (a descriptor inherited by a daemon) holds no save up.
  static let quietPeriod: Int64 = 5

  /// How long a writer seen is looked at again before it counts (see `isOpenForWriting`).
  static let settle: Duration = .milliseconds(60)

  /// True when some process holds `path` open for writing and wrote it in the last
  /// `quietPeriod` seconds. Asks the kernel for a read lease (refused with EAGAIN while anyone
  /// has the file open for writing) and gives it back at once. Where leases are not available
  /// (another owner's file, NFS, not Linux) it says false, and the save goes on as before.
  ///
  /// ```swift
  /// OpenWriters.isOpenForWriting("/home/me/todo.txt")  // false unless someone writes it
  /// ```
  static func isOpenForWriting(_ path: String) -> Bool {
    #if os(Linux)
      let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
      guard fd >= 0 else { return false }
      defer { close(fd) }
      var st = stat()
      var now = timespec()
      guard fstat(fd, &st) == 0, clock_gettime(CLOCK_REALTIME, &now) == 0,
        Int64(now.tv_sec) - Int64(st.st_mtim.tv_sec) < quietPeriod
      else { return false }
      // A writer opening the file in the instant the lease is held breaks it with a signal:
      // SIGURG, which is ignored unless handled, rather than SIGIO, which would end the app.
      _ = fcntl(fd, ReadLease.setSignal, SIGURG)
      // A process being started (by any thread of the writer) holds a copy of its descriptors
      // until its exec: a writer only for that instant is waited out, up to `settle`.
      let deadline = ContinuousClock.now + settle
      while true {
        if fcntl(fd, ReadLease.setLease, ReadLease.readLease) == 0 {
          _ = fcntl(fd, ReadLease.setLease, ReadLease.noLease)
          return false
        }
        guard errno == EAGAIN else { return false }
        guard ContinuousClock.now < deadline else { return true }
        usleep(5000)
      }
    #else
      return false
    #endif
  }

  /// The error of a save refused because another program is writing the file: like any failed
  /// save, the list is kept in memory and the save tried again (on the way out, the recovery
  /// file).
  ///
  /// ```swift
  /// OpenWriters.beingWritten("/home/me/todo.txt").message
  /// // "todo.txt: being written by another program"
  /// ```
  static func beingWritten(_ path: String) -> FileError {
    .io(path, errno: ETXTBSY, message: "being written by another program")
  }
}
