import Foundation
import Testing

@testable import TodosFeature

@Suite struct RangeSelectionTests {
  let order = (0..<6).map { id($0) }

  @Test func aNewRangeIsTheAnchorAlone() {
    let range = RangeSelection(anchor: id(2))
    #expect(range.ids(in: order) == [id(2)])
    #expect(range.positions(in: order) == 2...2)
  }

  @Test func movesExtendItDownAndUpPastTheAnchor() {
    var range = RangeSelection(anchor: id(2))
    range.extend(by: .next, in: order)
    range.extend(by: .next, in: order)
    #expect(range.current == id(4))
    #expect(range.ids(in: order) == [id(2), id(3), id(4)])
    for _ in 0..<3 { range.extend(by: .previous, in: order) }
    #expect(range.ids(in: order) == [id(1), id(2)])
    #expect(range.contains(id(1), in: order))
    #expect(!range.contains(id(3), in: order))
  }

  @Test func movesStopAtTheEnds() {
    var range = RangeSelection(anchor: id(1))
    range.extend(by: .by(-10), in: order)
    #expect(range.current == id(0))
    range.extend(by: .last, in: order)
    #expect(range.ids(in: order) == [id(1), id(2), id(3), id(4), id(5)])
    range.extend(by: .next, in: order)
    #expect(range.current == id(5))
    range.extend(by: .first, in: order)
    #expect(range.ids(in: order) == [id(0), id(1)])
  }

  @Test func theRangeFollowsItsTodosWhenTheOrderChanges() {
    let range = RangeSelection(anchor: id(1), current: id(3))
    #expect(range.ids(in: order) == [id(1), id(2), id(3)])
    // Sorted by priority: 3 and 1 are now next to each other, 2 is elsewhere.
    let sorted = [id(0), id(3), id(1), id(5), id(2), id(4)]
    #expect(range.ids(in: sorted) == [id(3), id(1)])
  }

  @Test func aHiddenEndLeavesTheOtherAlone() {
    let range = RangeSelection(anchor: id(1), current: id(3))
    #expect(range.ids(in: [id(0), id(3), id(4)]) == [id(3)])
    #expect(range.ids(in: [id(1), id(2)]) == [id(1)])
    #expect(range.ids(in: [id(0)]) == [])
    var moving = range
    moving.extend(by: .next, in: [id(1), id(2)])  // current hidden: moves on from the anchor
    #expect(moving.current == id(2))
    var stuck = range
    stuck.extend(by: .next, in: [id(0)])
    #expect(stuck == range)
  }
}
