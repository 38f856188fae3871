/// Finding and replacing text in text, character by character, without the standard library's
/// _StringProcessing: its `contains`, `firstRange(of:)` and `replacing(_:with:)` of strings link
/// the whole regex engine and parser into the app (1 MB, and conformances every start scans).
///
/// Characters are compared as `Character`s, as those methods compare them: canonically
/// equivalent ones match (`é` and `e` + U+0301), and a match never takes half of a character
/// (`e` is not found in `e` + U+0301).
///
/// ```swift
/// "Call Mom @phone".containsText("Mom")             // true
/// "a_b_c".replacingText("_", with: " ")             // "a b c"
/// "todo (conflict 2).txt".firstRange(ofText: " (")  // the range of " ("
/// ```
extension StringProtocol {
  /// The first range of this text whose characters are `other`'s, or nil (empty `other`: the
  /// empty range at the start).
  public func firstRange(ofText other: some StringProtocol) -> Range<Index>? {
    firstRange(ofText: other, from: startIndex)
  }

  /// Whether `other` occurs in this text (an empty `other` never does, as with `contains`).
  public func containsText(_ other: some StringProtocol) -> Bool {
    !other.isEmpty && firstRange(ofText: other) != nil
  }

  /// `firstRange(ofText:)` from `start` on.
  func firstRange(ofText other: some StringProtocol, from start: Index) -> Range<Index>? {
    guard let first = other.first else { return start..<start }
    var candidate = start
    while candidate < endIndex {
      if self[candidate] == first, let end = matchEnd(of: other, at: candidate) {
        return candidate..<end
      }
      formIndex(after: &candidate)
    }
    return nil
  }

  /// Where a match of `other` that starts at `start` ends, or nil when none starts there.
  private func matchEnd(of other: some StringProtocol, at start: Index) -> Index? {
    var index = start
    var otherIndex = other.startIndex
    while otherIndex < other.endIndex {
      guard index < endIndex, self[index] == other[otherIndex] else { return nil }
      formIndex(after: &index)
      other.formIndex(after: &otherIndex)
    }
    return index
  }
}

extension String {
  /// `replacingText` of `String`s (literals too), the generic one specialised in this module:
  /// called from another module, the generic one runs unspecialised, and its first call looks
  /// the string types' conformances up at run time (a scan of every conformance record).
  ///
  /// ```swift
  /// "Next week".replacingText(" ", with: "_")  // "Next_week"
  /// ```
  public func replacingText(_ target: String, with replacement: String) -> String {
    replacingText(target[...], with: replacement[...])
  }

  /// This text with every occurrence of `target` (from the left, not overlapping) replaced by
  /// `replacement`; an empty `target` changes nothing.
  public func replacingText(
    _ target: some StringProtocol, with replacement: some StringProtocol
  ) -> String {
    guard !target.isEmpty else { return self }
    if let bytes = Self.asciiReplacing(self, target, replacement) { return bytes }
    guard var found = firstRange(ofText: target) else { return self }
    var result = ""
    var rest = startIndex
    while true {
      result += self[rest..<found.lowerBound]
      result += replacement
      rest = found.upperBound
      guard let next = firstRange(ofText: target, from: rest) else { break }
      found = next
    }
    result += self[rest...]
    return result
  }

  /// `replacingText` byte by byte when the text and the target are ASCII with no CR (where
  /// every byte is a character of its own, as CR LF is one), else nil.
  private static func asciiReplacing(
    _ text: String, _ target: some StringProtocol, _ replacement: some StringProtocol
  ) -> String? {
    func plain(_ bytes: some Sequence<UInt8>) -> Bool {
      bytes.allSatisfy { $0 < 0x80 && $0 != 0x0D }
    }
    let source = Array(text.utf8)
    let pattern = Array(target.utf8)
    guard plain(source), plain(pattern) else { return nil }
    var result: [UInt8] = []
    result.reserveCapacity(source.count)
    var index = 0
    while index < source.count {
      if index + pattern.count <= source.count,
        source[index..<(index + pattern.count)].elementsEqual(pattern)
      {
        result.append(contentsOf: replacement.utf8)
        index += pattern.count
      } else {
        result.append(source[index])
        index += 1
      }
    }
    return String(decoding: result, as: UTF8.self)
  }
}
