import Foundation
import Testing

@testable import TodosFeature

@MainActor
@Suite struct LiveIdTests {
  @Test func fastRandomIdsAreDistinctAndDifferBetweenRuns() {
    let first = UUID.fastRandom()
    let ids = (0..<1000).map { _ in first() }
    #expect(Set(ids).count == 1000)
    let second = UUID.fastRandom()
    #expect(second() != ids[0])
  }
}
