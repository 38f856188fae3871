import Testing

@testable import TodoTxt

/// Merges three versions given as strings and returns the result as a string.
private func merge(base: String, ours: String, theirs: String) -> (
  text: String, result: TodoTxtMergeResult
) {
  let result = TodoTxtMerge.merge(
    base: Array(base.utf8), ours: Array(ours.utf8), theirs: Array(theirs.utf8))
  return (String(decoding: result.bytes, as: UTF8.self), result)
}

@Suite struct TodoTxtMergeTests {
  @Test func changesOnOneSideApply() {
    let merged = merge(
      base: "Call Mom\nBuy milk\nPay rent\n",
      ours: "Call Mom\nBuy milk\nPay rent\nWater plants\n",
      theirs: "Call Mom\nBuy oat milk\n")
    #expect(merged.text == "Call Mom\nBuy oat milk\nWater plants\n")
    #expect(merged.result.conflicts.isEmpty)
    #expect(merged.result.summary == TodoTxtMergeSummary(changedOnDisk: 1, deletedOnDisk: 1))
    #expect(merged.result.summary.statusLine == "Merged todo.txt: 2 changes from disk applied")
  }

  @Test func changesToDifferentTodosBothApply() {
    let merged = merge(
      base: "Call Mom\nBuy milk\n",
      ours: "x 2026-11-23 Call Mom\nBuy milk\n",
      theirs: "Call Mom\n(A) Buy milk\n")
    #expect(merged.text == "x 2026-11-23 Call Mom\n(A) Buy milk\n")
    #expect(merged.result.conflicts.isEmpty)
  }

  @Test func reorderedFileKeepsEveryChange() {
    // An editor sorted the file on disk and reprioritised one todo; the app completed another.
    let merged = merge(
      base: "Pay rent\nCall Mom\nBuy milk\n",
      ours: "Pay rent\nx 2026-11-23 Call Mom\nBuy milk\n",
      theirs: "(B) Buy milk\nCall Mom\nPay rent\n")
    #expect(merged.text == "(B) Buy milk\nx 2026-11-23 Call Mom\nPay rent\n")
    #expect(merged.result.conflicts.isEmpty)
    #expect(merged.result.summary.changedOnDisk == 1)
  }

  @Test func theAppsMoveSurvivesTheDisksEdit() {
    // J/K in the app moved "Buy milk" up; todo.sh completed "Pay rent" in place.
    let merged = merge(
      base: "Call Mom\nPay rent\nBuy milk\n",
      ours: "Buy milk\nCall Mom\nPay rent\n",
      theirs: "Call Mom\nx 2026-11-23 Pay rent\nBuy milk\n")
    #expect(merged.text == "Buy milk\nCall Mom\nx 2026-11-23 Pay rent\n")
  }

  @Test func movesOfDifferentTodosOnBothSidesBothApply() {
    // The app moved "a" to the end; the disk moved "e" to the front.
    let merged = merge(base: "a\nb\nc\nd\ne\n", ours: "b\nc\nd\ne\na\n", theirs: "e\na\nb\nc\nd\n")
    #expect(merged.text == "e\nb\nc\nd\na\n")
    #expect(merged.result.summary == TodoTxtMergeSummary(movedOnDisk: 1))
    // Both moved "a": the app's move wins.
    let same = merge(base: "a\nb\nc\nd\n", ours: "b\nc\nd\na\n", theirs: "b\na\nc\nd\n")
    #expect(same.text == "b\nc\nd\na\n")
  }

  @Test func duplicateLinesMatchAsAMultiset() {
    // Three copies in base, two on disk: one was deleted there. The app completed one.
    let merged = merge(
      base: "Buy milk\nBuy milk\nBuy milk\n",
      ours: "x 2026-11-23 Buy milk\nBuy milk\nBuy milk\n",
      theirs: "Buy milk\nBuy milk\n")
    // Whether the disk deleted the copy the app completed cannot be known: the completed one
    // is kept (an edit wins over a deletion), so nothing is lost.
    #expect(merged.text == "x 2026-11-23 Buy milk\nBuy milk\nBuy milk\n")
    #expect(merged.result.summary.editsKeptOverDeletion == 1)

    let deleted = merge(
      base: "Buy milk\nCall Mom\nBuy milk\nBuy milk\n",
      ours: "Buy milk\n(A) Call Mom\nBuy milk\nBuy milk\n",
      theirs: "Buy milk\nCall Mom\nBuy milk\n")
    #expect(deleted.text == "Buy milk\n(A) Call Mom\nBuy milk\n")
    #expect(deleted.result.summary.deletedOnDisk == 1)
  }

  @Test func aDuplicateAddedOnOneSideIsKept() {
    let merged = merge(
      base: "Buy milk\nCall Mom\n", ours: "Buy milk\nCall Mom\nBuy milk\n",
      theirs: "Buy milk\nPay rent\nCall Mom\n")
    #expect(merged.text == "Buy milk\nPay rent\nCall Mom\nBuy milk\n")
  }

  @Test func bothSidesDeleteTheSameTodo() {
    let merged = merge(
      base: "Call Mom\nBuy milk\nPay rent\n",
      ours: "Call Mom\nPay rent\n",
      theirs: "Call Mom\nPay rent\n")
    #expect(merged.text == "Call Mom\nPay rent\n")
    #expect(merged.result.summary.statusLine == "Merged todo.txt: no changes on disk")
  }

  @Test func oneSideDeletesTheTodoTheOtherEditsKeepsTheEdit() {
    let theirsEdited = merge(
      base: "Call Mom\nBuy milk\nPay rent\n",
      ours: "Call Mom\nPay rent\n",
      theirs: "Call Mom\nBuy oat milk\nPay rent\n")
    #expect(theirsEdited.text == "Call Mom\nBuy oat milk\nPay rent\n")
    #expect(theirsEdited.result.summary.editsKeptOverDeletion == 1)

    let oursEdited = merge(
      base: "Call Mom\nBuy milk\nPay rent\n",
      ours: "Call Mom\nx 2026-11-23 Buy milk\nPay rent\n",
      theirs: "Call Mom\nPay rent\n")
    #expect(oursEdited.text == "Call Mom\nx 2026-11-23 Buy milk\nPay rent\n")
    #expect(
      oursEdited.result.summary.statusLine
        == "Merged todo.txt: 1 todo deleted on one side kept, as edited on the other")
  }

  @Test func identicalChangeOnBothSidesAppliesOnce() {
    let merged = merge(
      base: "Call Mom\nBuy milk\n",
      ours: "x 2026-11-23 Call Mom\nBuy milk\n",
      theirs: "Buy milk\nx 2026-11-23 Call Mom\n")
    // The disk also moved "Buy milk" up, which the app did not: that move applies too.
    #expect(merged.text == "Buy milk\nx 2026-11-23 Call Mom\n")
    #expect(merged.result.summary.changedIdentically == 1)
    #expect(merged.result.conflicts.isEmpty)
  }

  @Test func theSameLineAddedOnBothSidesIsKeptOnce() {
    let merged = merge(
      base: "Call Mom\n", ours: "Call Mom\nBuy milk\n", theirs: "Buy milk\nCall Mom\n")
    #expect(merged.text == "Call Mom\nBuy milk\n")
  }

  @Test func conflictKeepsBothVersionsAndReportsThem() {
    // Completed in the app, its text edited on disk.
    let merged = merge(
      base: "Pay rent\nCall Mom\nBuy milk\n",
      ours: "Pay rent\nx 2026-11-23 Call Mom\nBuy milk\n",
      theirs: "Pay rent\nCall Mom about Sunday\nBuy milk\n")
    #expect(
      merged.text == "Pay rent\nx 2026-11-23 Call Mom\nCall Mom about Sunday\nBuy milk\n")
    #expect(merged.result.conflicts == [.init(ours: 1, theirs: 2)])
    #expect(
      merged.result.summary.statusLine
        == "Merged todo.txt: 1 todo changed on both sides, both kept")
  }

  /// Each line of the result names the line of ours it stands for, so the app keeps its rows'
  /// ids: unchanged, changed on disk, changed here; nil for the disk's version of a conflict,
  /// the disk's new line and its edit of a line the app deleted.
  @Test func eachLineNamesTheLineOfOursItStandsFor() {
    let merged = merge(
      base: "Pay rent\nCall Mom\nBuy milk\nWater plants\n",
      ours: "Pay rent\nx 2026-11-23 Call Mom\nBuy milk\n",
      theirs: "(A) Pay rent\nCall Mom about Sunday\nBuy milk\nWater all plants\nNew\n")
    #expect(
      merged.text
        == "(A) Pay rent\nx 2026-11-23 Call Mom\nCall Mom about Sunday\nBuy milk\n"
        + "Water all plants\nNew\n")
    #expect(merged.result.oursLines == [0, 1, nil, 2, nil, nil])
  }

  @Test func crlfOnDiskWinsWhenConsistent() {
    let merged = merge(
      base: "Call Mom\nBuy milk\n",
      ours: "Call Mom\nBuy milk\nPay rent\n",
      theirs: "Call Mom\r\n(A) Buy milk\r\n")
    // The editor converted the file to CR LF: no line counts as changed for that, and the
    // app's new line gets CR LF too.
    #expect(merged.text == "Call Mom\r\n(A) Buy milk\r\nPay rent\r\n")
    #expect(merged.result.summary == TodoTxtMergeSummary(changedOnDisk: 1))
  }

  @Test func mixedEndingsOnDiskFollowTheApp() {
    // todo.sh appended an LF line to a CR LF file: the file keeps CR LF.
    let merged = merge(
      base: "Call Mom\r\n", ours: "x 2026-11-23 Call Mom\r\n", theirs: "Call Mom\r\nBuy milk\n")
    #expect(merged.text == "x 2026-11-23 Call Mom\r\nBuy milk\r\n")
  }

  @Test func aFileThatLostItsFinalNewline() {
    let merged = merge(
      base: "Call Mom\nBuy milk\n",
      ours: "Call Mom\nBuy milk\nPay rent\n",
      theirs: "Call Mom\nBuy oat milk")
    // The last line did not change by losing its line break, and the lines never run together.
    #expect(merged.text == "Call Mom\nBuy oat milk\nPay rent")
    #expect(merged.result.summary == TodoTxtMergeSummary(changedOnDisk: 1))
  }

  @Test func emptyFilesAndAFirstSave() {
    #expect(merge(base: "", ours: "", theirs: "").text == "")
    // No base yet: both sides' lines are new; identical ones are kept once.
    let first = merge(base: "", ours: "Call Mom\nBuy milk\n", theirs: "Buy milk\nPay rent\n")
    #expect(first.text == "Call Mom\nBuy milk\nPay rent\n")
    // The disk file was emptied on purpose: the app's untouched lines go, its edits stay.
    let emptied = merge(
      base: "Call Mom\nBuy milk\n", ours: "Call Mom\n(A) Buy milk\n", theirs: "")
    #expect(emptied.text == "(A) Buy milk\n")
  }

  @Test func linesThatAreNotTodosAreKeptByteForByte() {
    let invalid: [UInt8] = [0xFF, 0xFE, 0x41]
    let base = Array("# groceries\n\nBuy milk\n".utf8)
    let ours = Array("# groceries\n\n(A) Buy milk\n".utf8) + invalid + [0x0A]
    let theirs = Array("# shopping\n\nBuy milk\n".utf8)
    let result = TodoTxtMerge.merge(base: base, ours: ours, theirs: theirs)
    #expect(result.bytes == Array("# shopping\n\n(A) Buy milk\n".utf8) + invalid + [0x0A])
  }

  @Test func aBlankLastLineKeepsItsLineBreak() {
    let merged = merge(base: "a\n", ours: "a\n\n", theirs: "a")
    #expect(merged.text == "a\n\n")
  }

  @Test func identityIgnoresCompletionPriorityAndDates() {
    let forms = [
      "Call Mom +family", "x 2026-11-23 Call Mom +family", "(B) Call Mom +family",
      "x 2026-11-23 2026-11-01 Call Mom +family pri:B", "2026-11-01 Call Mom  +family",
    ]
    let keys = Set(forms.map { MergeIdentity(ArraySlice($0.utf8))?.key })
    #expect(keys == [Array("Call Mom +family".utf8)])
    #expect(MergeIdentity(ArraySlice("# Call Mom".utf8)) == nil)
    #expect(MergeIdentity(ArraySlice(" \t".utf8)) == nil)
  }

  @Test func similarWordsMakeTheSameTodo() {
    // "Buy milk" → "Buy oat milk" is an edit; "Call Mom" → "Pay rent" is not.
    let merged = merge(
      base: "Buy milk\nCall Mom\n", ours: "Buy oat milk\nPay rent\n",
      theirs: "x 2026-11-23 Buy milk\nx 2026-11-23 Call Mom\n")
    #expect(
      merged.text
        == "Buy oat milk\nx 2026-11-23 Buy milk\nx 2026-11-23 Call Mom\nPay rent\n")
    #expect(merged.result.conflicts == [.init(ours: 0, theirs: 1)])
    #expect(merged.result.summary.editsKeptOverDeletion == 1)
  }

  @Test func todosMadeOfCommonWordsAreStillRecognised() {
    // "fix" and "bike" are on 80 edited lines: too common to look candidates up by, but
    // they still count in the score once the rare word found the candidate.
    let numbers = 1...80
    let merged = merge(
      base: numbers.map { "fix bike k\($0)\n" }.joined(),
      ours: numbers.map { "x 2026-11-23 fix bike k\($0)\n" }.joined(),
      theirs: numbers.map { "fix bike k\($0) today\n" }.joined())
    #expect(merged.result.conflicts.count == 80)
    #expect(merged.result.conflicts.first == .init(ours: 0, theirs: 1))
  }

  @Test func resultLinesDependOnlyOnCounts() {
    // For each content: min(base, ours, theirs) + max(ours added, theirs added) copies.
    let merged = merge(
      base: "a\na\nb\n", ours: "a\nb\nb\nc\n", theirs: "a\na\na\nc\nc\n")
    let counts = Dictionary(
      merged.text.split(separator: "\n").map { ($0, 1) }, uniquingKeysWith: +)
    #expect(counts == ["a": 1 + 1, "b": 0 + 1, "c": 0 + 2])
  }
}
