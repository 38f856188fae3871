/// A sync client's conflict copy of a file, known by its name: Syncthing's
/// `todo.sync-conflict-YYYYMMDD-HHMMSS-DEVICE.txt`, Dropbox's
/// `todo (NAME's conflicted copy YYYY-MM-DD).txt`, Nextcloud's and ownCloud's
/// `todo (conflicted copy YYYY-MM-DD HHMMSS).txt`.
///
/// ```swift
/// let copy = SyncConflictCopy(name: "todo.sync-conflict-20261126-101500-laptop.txt",
///   of: "todo.txt")
/// copy?.description  // "Syncthing's conflict copy from laptop"
/// ```
public struct SyncConflictCopy: Equatable, Sendable, CustomStringConvertible {
  /// The sync client that named the copy.
  public enum Client: String, Sendable {
    case syncthing = "Syncthing"
    case dropbox = "Dropbox"
    case nextcloud = "Nextcloud"
  }

  /// Who made the copy.
  public var client: Client
  /// The device (Syncthing) or the person's name (Dropbox); nil for Nextcloud.
  public var device: String?
  /// The copy's file name.
  public var name: String

  public init(client: Client, device: String?, name: String) {
    (self.client, self.device, self.name) = (client, device, name)
  }

  /// The copy `name` names, when it is one of `fileName` (a name, not a path); nil otherwise.
  public init?(name: String, of fileName: String) {
    let (stem, ext) = Self.split(fileName)
    guard name.count > fileName.count, name.hasPrefix(stem), name.hasSuffix(ext) else {
      return nil
    }
    let middle = Array(name.dropFirst(stem.count).dropLast(ext.count))
    self.name = name
    if let device = Self.syncthing(middle) {
      (client, self.device) = (.syncthing, device)
    } else if let person = Self.dropbox(middle) {
      (client, self.device) = (.dropbox, person)
    } else if Self.nextcloud(middle) {
      (client, self.device) = (.nextcloud, nil)
    } else {
      return nil
    }
  }

  /// `Syncthing's conflict copy from laptop`, `Nextcloud's conflict copy`.
  public var description: String {
    "\(client.rawValue)'s conflict copy" + (device.map { " from \($0)" } ?? "")
  }

  /// `todo.txt` → (`todo`, `.txt`); `todo` → (`todo`, ``).
  static func split(_ fileName: String) -> (stem: String, ext: String) {
    guard let dot = fileName.lastIndex(of: "."), dot != fileName.startIndex else {
      return (fileName, "")
    }
    return (String(fileName[..<dot]), String(fileName[dot...]))
  }

  static func digits(_ chars: ArraySlice<Character>) -> Bool {
    chars.allSatisfy { $0.isASCII && $0.isNumber }
  }

  /// `.sync-conflict-20261126-101500-DEVICE` → `DEVICE`.
  static func syncthing(_ middle: [Character]) -> String? {
    let prefix = Array(".sync-conflict-")
    guard middle.count > prefix.count + 16, Array(middle[..<prefix.count]) == prefix else {
      return nil
    }
    let rest = middle[prefix.count...]
    let s = rest.startIndex
    guard digits(rest[s..<s + 8]), rest[s + 8] == "-", digits(rest[s + 9..<s + 15]),
      rest[s + 15] == "-"
    else { return nil }
    return String(rest[(s + 16)...])
  }

  /// ` (Ann's conflicted copy 2026-11-26)` → `Ann`.
  static func dropbox(_ middle: [Character]) -> String? {
    let text = String(middle)
    let marker = "'s conflicted copy "
    guard text.hasPrefix(" ("), text.hasSuffix(")"), let range = text.firstRange(ofText: marker)
    else {
      return nil
    }
    let person = String(text[text.index(text.startIndex, offsetBy: 2)..<range.lowerBound])
    let date = Array(text[range.upperBound...].dropLast())
    guard !person.isEmpty, isDate(date[...]) else { return nil }
    return person
  }

  /// ` (conflicted copy 2026-11-26 101500)`.
  static func nextcloud(_ middle: [Character]) -> Bool {
    let prefix = Array(" (conflicted copy ")
    guard middle.count == prefix.count + 18, Array(middle[..<prefix.count]) == prefix,
      middle.last == ")"
    else { return false }
    let rest = middle[prefix.count...]
    let s = rest.startIndex
    return isDate(rest[s..<s + 10]) && rest[s + 10] == " " && digits(rest[s + 11..<s + 17])
  }

  /// `2026-11-26`.
  static func isDate(_ chars: ArraySlice<Character>) -> Bool {
    guard chars.count == 10 else { return false }
    let s = chars.startIndex
    return digits(chars[s..<s + 4]) && chars[s + 4] == "-" && digits(chars[s + 5..<s + 7])
      && chars[s + 7] == "-" && digits(chars[s + 8..<s + 10])
  }
}
