#if canImport(Glibc)
  import Glibc

  /// Watches one file for changes by other programs, through inotify on its folder (an atomic
  /// save replaces the file, so watching the file itself would lose track after one save).
  /// The folder's own folder is watched too: when the folder is moved away or removed and a
  /// new one appears under its name, the watch moves to the new folder and that counts as a
  /// change of the file.
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
    private let folder: String
    private let name: String
    private let folderName: String
    /// The watch on the folder, -1 while the folder is gone.
    private var folderWatch: Int32 = -1
    private var parentWatch: Int32 = -1

    private static let folderMask =
      UInt32(IN_CLOSE_WRITE) | UInt32(IN_MOVED_TO) | UInt32(IN_MOVED_FROM)
      | UInt32(IN_CREATE) | UInt32(IN_DELETE) | UInt32(IN_ATTRIB)
      | UInt32(IN_MOVE_SELF) | UInt32(IN_DELETE_SELF)
    private static let parentMask = UInt32(IN_CREATE) | UInt32(IN_MOVED_TO)

    /// Starts watching `path`; nil when inotify is unavailable (the app then only notices
    /// changes when a save finds the file changed).
    public init?(path: String) {
      (folder, name) = Self.split(path)
      folderName = Self.split(folder).name
      let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
      guard fd >= 0 else { return nil }
      folderWatch = inotify_add_watch(fd, folder, Self.folderMask)
      guard folderWatch >= 0 else {
        close(fd)
        return nil
      }
      if folder != "/" {
        parentWatch = inotify_add_watch(fd, Self.split(folder).folder, Self.parentMask)
      }
      fileDescriptor = fd
    }

    deinit { close(fileDescriptor) }

    /// `/a/b/c` → (`/a/b`, `c`); `/c` → (`/`, `c`); `c` → (`.`, `c`).
    private static func split(_ path: String) -> (folder: String, name: String) {
      guard let slash = path.lastIndex(of: "/") else { return (".", path) }
      let folder = slash == path.startIndex ? "/" : String(path[..<slash])
      return (folder, String(path[path.index(after: slash)...]))
    }

    /// Reads every pending event; true when one of them was about the watched file, its
    /// recovery file (`todo.txt.recovery`), a sync client's conflict copy of it or of done.txt
    /// written (`SyncConflictCopy`), its folder being replaced, or a writer closing one
    /// of its hidden temporaries (`.todo.txt.tmp-…`: where a save leaves the version it
    /// replaced while another program still has that version open).
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
          var eventName = ""
          if event.len > 0 {
            let namePointer = (buffer + nameStart).assumingMemoryBound(to: CChar.self)
            eventName = String(cString: namePointer)
          }
          if handle(event, name: eventName) { touched = true }
          offset = nameStart + Int(event.len)
        }
      }
      return touched
    }

    /// Whether `event` is about the file; follows the folder when it goes or comes back.
    private func handle(_ event: inotify_event, name eventName: String) -> Bool {
      let folderGone = UInt32(IN_MOVE_SELF) | UInt32(IN_DELETE_SELF)
      if event.wd == folderWatch, event.mask & folderGone != 0 {
        inotify_rm_watch(fileDescriptor, folderWatch)
        folderWatch = -1
        rewatchFolder()
        return true
      }
      if event.wd == parentWatch {
        guard eventName == folderName else { return false }
        // A folder of that name appeared: it is the file's folder from now on.
        if folderWatch >= 0 { inotify_rm_watch(fileDescriptor, folderWatch) }
        rewatchFolder()
        return true
      }
      guard event.wd == folderWatch else { return false }
      // The recovery file next to it too: the app says so while it exists.
      if eventName == name || eventName == name + ".recovery" { return true }
      // A sync client's conflict copy of it (or of done.txt), once written: to be merged.
      let written = UInt32(IN_CLOSE_WRITE) | UInt32(IN_MOVED_TO)
      if event.mask & written != 0,
        SyncConflictCopy(name: eventName, of: name) != nil
          || SyncConflictCopy(name: eventName, of: "done.txt") != nil
      {
        return true
      }
      // A writer done with a replaced version: what it wrote is to be merged.
      return event.mask & UInt32(IN_CLOSE_WRITE) != 0 && eventName.hasPrefix(temporaryPrefix)
    }

    /// The start of the name of a save's temporary file (`.todo.txt.tmp-`).
    private var temporaryPrefix: String { "." + name + ".tmp-" }

    private func rewatchFolder() {
      folderWatch = inotify_add_watch(fileDescriptor, folder, Self.folderMask)
    }
  }
#endif
