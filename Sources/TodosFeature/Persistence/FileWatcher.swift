#if canImport(Glibc)
  import Glibc

  /// Watches one file for changes by other programs, through inotify on its folder (an atomic
  /// save replaces the file, so watching the file itself would lose track after one save).
  ///
  /// The run loop polls `fileDescriptor` with the terminal, so watching costs nothing while
  /// nothing happens.
  ///
  /// ```swift
  /// if let watcher = FileWatcher(path: "/home/me/todo.txt") {
  ///   loop.watch(fd: watcher.fileDescriptor) {
  ///     if watcher.drainEvents() { store.send(.fileChangedOnDisk) }
  ///   }
  /// }
  /// ```
  public final class FileWatcher {
    /// The inotify descriptor; readable when something happened in the folder.
    public let fileDescriptor: Int32
    private let name: String

    /// Starts watching `path`; nil when inotify is unavailable (the app then only notices
    /// changes when a save finds the file changed).
    public init?(path: String) {
      let slash = path.lastIndex(of: "/")
      let folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
      name = slash.map { String(path[path.index(after: $0)...]) } ?? path
      let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
      guard fd >= 0 else { return nil }
      let mask =
        UInt32(IN_CLOSE_WRITE) | UInt32(IN_MOVED_TO) | UInt32(IN_MOVED_FROM)
        | UInt32(IN_CREATE) | UInt32(IN_DELETE) | UInt32(IN_ATTRIB)
      guard inotify_add_watch(fd, folder, mask) >= 0 else {
        close(fd)
        return nil
      }
      fileDescriptor = fd
    }

    deinit { close(fileDescriptor) }

    /// Reads every pending event; true when one of them was about the watched file.
    public func drainEvents() -> Bool {
      var touched = false
      let capacity = 16 * 1024
      let buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 8)
      defer { buffer.deallocate() }
      while true {
        let count = read(fileDescriptor, buffer, capacity)
        guard count > 0 else { break }
        var offset = 0
        while offset + MemoryLayout<inotify_event>.size <= count {
          let event = buffer.load(fromByteOffset: offset, as: inotify_event.self)
          let nameStart = offset + MemoryLayout<inotify_event>.size
          if event.len > 0 {
            let namePointer = (buffer + nameStart).assumingMemoryBound(to: CChar.self)
            if String(cString: namePointer) == name { touched = true }
          }
          offset = nameStart + Int(event.len)
        }
      }
      return touched
    }
  }
#endif
