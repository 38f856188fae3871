/// What merging one conflict copy did: which copy, into which file, what it brought, where the
/// copy went.
///
/// ```swift
/// merged.statusLine  // "Merged Syncthing's conflict copy from laptop: 2 todos added"
/// ```
public struct ConflictCopyMerged: Equatable, Sendable {
  /// The copy's name as its sync client gave it; nil for a file of another name.
  public var copy: SyncConflictCopy?
  /// The copy's file name.
  public var copyName: String
  /// What it brought to the file.
  public var counts: ConflictCopyMerge.Counts
  /// Where the copy is now (in the merged copies' folder).
  public var movedTo: String

  public init(
    copy: SyncConflictCopy?, copyName: String, counts: ConflictCopyMerge.Counts, movedTo: String
  ) {
    (self.copy, self.copyName, self.counts, self.movedTo) = (copy, copyName, counts, movedTo)
  }

  /// `Merged Syncthing's conflict copy from laptop: 2 todos added, 1 completed`.
  public var statusLine: String {
    "Merged \(copy?.description ?? copyName): \(counts.phrase)"
  }
}

/// Sync clients' conflict copies of todo.txt and done.txt beside them: found by name, merged
/// into the file under its lock (`ConflictCopyMerge`), then moved to the merged copies' folder.
///
/// ```swift
/// for copy in ConflictCopies.find(in: "/sync", of: ["todo.txt", "done.txt"]) { … }
/// ```
public enum ConflictCopies {
  /// The paths of the conflict copies of the files named `names` in `folder`, by name.
  public static func find(in folder: String, of names: [String]) -> [String] {
    let entries = FileSystem.names(in: folder) ?? []
    return entries.sorted().filter { entry in
      names.contains { SyncConflictCopy(name: entry, of: $0) != nil }
    }.map { folder + "/" + $0 }
  }

  /// Merges the copy at `copyPath` into `client`'s file under its lock (over one of `kept` when
  /// the copy was made from it; the union when `done`), saves when that changes the file, then
  /// moves the copy into `mergedFolder`. On a failure before the save both files are as they
  /// were.
  @MainActor
  public static func merge(
    _ copyPath: String, into client: FileClient, kept: [[UInt8]] = [], done: Bool,
    mergedFolder: String
  ) throws(MergeFileError) -> ConflictCopyMerged {
    let copyName = PathComponents.lastComponent(of: copyPath)
    let fileName = PathComponents.lastComponent(of: client.path)
    let other: MergeFile.Input
    do throws(FileError) {
      other = MergeFile.Input(role: "OTHER", path: copyPath, bytes: try MergeFile.read(copyPath))
    } catch {
      throw .file(role: "OTHER", error)
    }
    let result = try mergeLocked(other, into: client, kept: kept, done: done)
    let copy = SyncConflictCopy(name: copyName, of: fileName)
    let what = "Merged \(copy?.description ?? copyName): \(result.counts.phrase)"
    do throws(FileError) {
      let movedTo = try MergedCopies.move(copyPath, into: mergedFolder)
      return ConflictCopyMerged(
        copy: copy, copyName: copyName, counts: result.counts, movedTo: movedTo)
    } catch {
      throw .notMoved(done: what, error)
    }
  }
}

extension ConflictCopies {
  /// Under the file's lock: reads it, merges `other` in, saves when that changes it.
  @MainActor
  static func mergeLocked(
    _ other: MergeFile.Input, into client: FileClient, kept: [[UInt8]], done: Bool
  ) throws(MergeFileError) -> ConflictCopyMerge.Result {
    do throws(FileError) {
      try client.lock()
    } catch {
      throw .file(role: "FILE", error)
    }
    defer { client.unlock() }
    let loaded: LoadedFile?
    do throws(FileError) {
      loaded = try client.load()
    } catch {
      throw .file(role: "FILE", error)
    }
    let into = MergeFile.Input(role: "FILE", path: client.path, bytes: loaded?.bytes ?? [])
    let result = try MergeFile.mergeTwo(into: into, other: other, kept: kept, done: done)
    if result.bytes != into.bytes || loaded == nil {
      do throws(FileError) {
        _ = try client.save(result.bytes, loaded?.stamp)
      } catch {
        throw .file(role: "FILE", error)
      }
    }
    return result
  }
}

extension FileClient {
  /// The client with the conflict copies of its file, and of `donePath`, found and merged
  /// (`ConflictCopies`): the copies beside each, moved to `mergedFolder` once merged.
  ///
  /// ```swift
  /// let client = FileClient.live(path: todo).mergingConflictCopies(
  ///   donePath: done, mergedFolder: "/home/me/.local/state/todos-tui/merged")
  /// ```
  public func mergingConflictCopies(donePath: String?, mergedFolder: String) -> FileClient {
    var client = self
    let path = self.path
    let folder = PathComponents.folder(of: path)
    let name = PathComponents.lastComponent(of: path)
    let doneName = donePath.map { PathComponents.lastComponent(of: $0) }
    let doneFolder = donePath.map { PathComponents.folder(of: $0) }
    client.findConflictCopies = {
      var found = ConflictCopies.find(in: folder, of: [name])
      if let doneName, let doneFolder {
        found += ConflictCopies.find(in: doneFolder, of: [doneName])
      }
      return found
    }
    let file = self
    client.mergeConflictCopy = { copyPath in
      let copyName = PathComponents.lastComponent(of: copyPath)
      let isDone = doneName.map { SyncConflictCopy(name: copyName, of: $0) != nil } ?? false
      do throws(MergeFileError) {
        if isDone, let donePath {
          return .success(
            try ConflictCopies.merge(
              copyPath, into: FileClient.live(path: donePath), done: true,
              mergedFolder: mergedFolder))
        }
        return .success(
          try ConflictCopies.merge(
            copyPath, into: file, kept: file.keptVersions(), done: false,
            mergedFolder: mergedFolder))
      } catch {
        return .failure(error)
      }
    }
    return client
  }
}
