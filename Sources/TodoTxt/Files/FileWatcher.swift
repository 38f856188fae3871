#if canImport(Glibc)
  import Glibc

  /// Watches one file for changes by other programs through inotify, without waking the app
  /// for anything else that happens in its folder.
  ///
  /// While the file is there, inotify watches the file itself (writes in place, `chmod`, its
  /// name taken by a rename-save, its deletion), its recovery file (`todo.txt.recovery`) while
  /// that exists, and the folder only for its own move or deletion and for names renamed into
  /// it (a sync client's conflict copy, `SyncConflictCopy`, arrives that way): other programs
  /// creating, writing or deleting files next to it, or in the folder above, cost nothing
  /// (another program's rename-save next to it wakes the app once). While the file
  /// is missing, the folder is watched for its name to come back; while the folder is missing,
  /// the folder above is watched for the folder's name. A replaced version of the file stays
  /// watched while it lives, so a writer that still had it open is seen when it closes it (a
  /// save's swap leaves it under a hidden `.todo.txt.tmp-…` name for the late writes to merge).
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
    /// The inotify descriptor; readable when something happened to the file.
    public let fileDescriptor: Int32
    private let path: String
    private let folder: String
    private let name: String
    private let folderName: String
    private let above: String?
    private let recoveryPath: String
    /// The watch on the file now at `path`, -1 while there is none.
    private var fileWatch: Int32 = -1
    /// Watches on versions the file had before (their writers' last writes count).
    private var retiredWatches: [Int32] = []
    private var recoveryWatch: Int32 = -1
    /// The watch on the folder, -1 while the folder is gone; it reports names only while the
    /// file is missing.
    private var folderWatch: Int32 = -1
    /// The watch on the folder above, only while the folder is gone.
    private var aboveWatch: Int32 = -1

    /// Whether files made in the folder are reported (only while the file is missing).
    var watchesFilesMadeInFolder: Bool { folderWatch >= 0 && fileWatch < 0 }

    private static let fileMask =
      UInt32(IN_CLOSE_WRITE) | UInt32(IN_ATTRIB) | UInt32(IN_MOVE_SELF) | UInt32(IN_DELETE_SELF)
    /// The folder itself, and names renamed into it: a sync client's conflict copy arrives
    /// that way (written under a temporary name, then renamed). Files created or written in
    /// the folder wake nothing.
    private static let folderSelfMask =
      UInt32(IN_MOVE_SELF) | UInt32(IN_DELETE_SELF) | UInt32(IN_ONLYDIR) | UInt32(IN_MOVED_TO)
    private static let folderNamesMask =
      folderSelfMask | UInt32(IN_CLOSE_WRITE) | UInt32(IN_MOVED_TO) | UInt32(IN_MOVED_FROM)
      | UInt32(IN_CREATE) | UInt32(IN_DELETE) | UInt32(IN_ATTRIB)
    private static let aboveMask = UInt32(IN_CREATE) | UInt32(IN_MOVED_TO) | UInt32(IN_ONLYDIR)
    /// How many replaced versions stay watched at most (the oldest is let go first).
    private static let retiredLimit = 8

    /// Starts watching `path`; nil when inotify is unavailable or the folder does not exist
    /// (the app then only notices changes when a save finds the file changed).
    public init?(path: String) {
      self.path = path
      (folder, name) = Self.split(path)
      folderName = Self.split(folder).name
      above = folder == "/" ? nil : Self.split(folder).folder
      recoveryPath = path + ".recovery"
      let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
      guard fd >= 0 else { return nil }
      fileDescriptor = fd
      reconcile()
      guard folderWatch >= 0 else {
        close(fd)
        return nil
      }
    }

    deinit { close(fileDescriptor) }

    /// `/a/b/c` → (`/a/b`, `c`); `/c` → (`/`, `c`); `c` → (`.`, `c`).
    private static func split(_ path: String) -> (folder: String, name: String) {
      guard let slash = path.lastIndex(of: "/") else { return (".", path) }
      let folder = slash == path.startIndex ? "/" : String(path[..<slash])
      return (folder, String(path[path.index(after: slash)...]))
    }

    /// Reads every pending event; true when one of them was about the watched file, its
    /// recovery file, its folder being replaced, or a writer closing a replaced version of it.
    public func drainEvents() -> Bool {
      var touched = false
      var moved = false
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
          let (isAboutFile, movesWatches) = handle(event, name: eventName)
          if isAboutFile { touched = true }
          if movesWatches { moved = true }
          offset = nameStart + Int(event.len)
        }
        // Follow the file, folder and recovery file before reading on, so that events of the
        // new watches are in what comes next.
        if moved {
          reconcile()
          moved = false
        }
      }
      return touched
    }

    /// Whether `event` is about the file, and whether the watches must follow a move.
    private func handle(_ event: inotify_event, name eventName: String) -> (Bool, Bool) {
      if event.mask & UInt32(IN_Q_OVERFLOW) != 0 { return (true, true) }
      if event.mask & UInt32(IN_IGNORED) != 0 {
        forget(event.wd)
        return (false, false)
      }
      let changesPlaces =
        UInt32(IN_ATTRIB) | UInt32(IN_MOVE_SELF) | UInt32(IN_DELETE_SELF) | UInt32(IN_CREATE)
        | UInt32(IN_MOVED_TO) | UInt32(IN_MOVED_FROM) | UInt32(IN_DELETE)
      let wd = event.wd
      if wd == fileWatch || wd == recoveryWatch {
        return (true, event.mask & changesPlaces != 0)
      }
      if wd == folderWatch {
        // The folder itself moved or went.
        if eventName.isEmpty { return (true, true) }
        if eventName == name || eventName == name + ".recovery" {
          return (true, event.mask & changesPlaces != 0)
        }
        // A sync client's conflict copy of it (or of done.txt), once written: to be merged.
        let written = UInt32(IN_CLOSE_WRITE) | UInt32(IN_MOVED_TO)
        if event.mask & written != 0,
          SyncConflictCopy(name: eventName, of: name) != nil
            || SyncConflictCopy(name: eventName, of: "done.txt") != nil
        {
          return (true, false)
        }
        // A writer done with a save's temporary: what it wrote is to be merged.
        let isClose = event.mask & UInt32(IN_CLOSE_WRITE) != 0
        return (isClose && eventName.hasPrefix("." + name + ".tmp-"), false)
      }
      if wd == aboveWatch {
        // A folder of that name appeared: it is the file's folder from now on.
        return eventName == folderName ? (true, true) : (false, false)
      }
      // A replaced version: a writer that had it open is done with it.
      guard retiredWatches.contains(wd) else { return (false, false) }
      return (event.mask & UInt32(IN_CLOSE_WRITE) != 0, false)
    }

    private func forget(_ watch: Int32) {
      retiredWatches.removeAll { $0 == watch }
      if watch == fileWatch { fileWatch = -1 }
      if watch == recoveryWatch { recoveryWatch = -1 }
      if watch == folderWatch { folderWatch = -1 }
      if watch == aboveWatch { aboveWatch = -1 }
    }

    /// Puts the watches where the file, its recovery file and its folder are now: the file's
    /// own inode while it is there, the folder's names only while it is not, and the folder
    /// above only while the folder is not there. Checks again after each change, so a file
    /// that appears meanwhile is not missed.
    private func reconcile() {
      for _ in 0..<4 {
        let file = inotify_add_watch(fileDescriptor, path, Self.fileMask)
        if file != fileWatch {
          if fileWatch >= 0 { retire(fileWatch) }
          retiredWatches.removeAll { $0 == file }
          fileWatch = file
        }
        let recovery = inotify_add_watch(fileDescriptor, recoveryPath, Self.fileMask)
        if recovery != recoveryWatch {
          if recoveryWatch >= 0 { inotify_rm_watch(fileDescriptor, recoveryWatch) }
          recoveryWatch = recovery
        }
        let wantsNames = fileWatch < 0
        let mask = wantsNames ? Self.folderNamesMask : Self.folderSelfMask
        let folderNow = inotify_add_watch(fileDescriptor, folder, mask)
        if folderNow != folderWatch, folderWatch >= 0 {
          inotify_rm_watch(fileDescriptor, folderWatch)
        }
        folderWatch = folderNow
        if folderWatch < 0, let above {
          if aboveWatch < 0 {
            aboveWatch = inotify_add_watch(fileDescriptor, above, Self.aboveMask)
          }
        } else if aboveWatch >= 0 {
          inotify_rm_watch(fileDescriptor, aboveWatch)
          aboveWatch = -1
        }
        if isSettled { return }
      }
    }

    /// Whether the watches still match the file system: the file and the folder are where the
    /// watches think they are.
    private var isSettled: Bool {
      let fileThere = access(path, F_OK) == 0
      let folderThere = access(folder, F_OK) == 0
      return fileThere == (fileWatch >= 0) && folderThere == (folderWatch >= 0)
    }

    /// Keeps watching a version the file no longer is, for a writer closing it.
    private func retire(_ watch: Int32) {
      retiredWatches.append(watch)
      if retiredWatches.count > Self.retiredLimit {
        inotify_rm_watch(fileDescriptor, retiredWatches.removeFirst())
      }
    }
  }
#endif
