import Architecture
import ArchitectureTestSupport
import Foundation
import IdentifiedCollections
import Testing

@testable import TodosFeature

/// `o` on the list: one link opens at once, several open the picker, none says so, a command
/// that fails says why; on a `v` range, the links of every todo of it. Opening changes no todo.
@MainActor
@Suite struct OpenLinkTests {
  let read = todo(0, "Read https://a.example/post.")
  let both = todo(1, "Compare (https://b.example) with mailto:bob@c.example")
  let plain = todo(2, "Milk @home")
  let again = todo(3, "Reply mailto:bob@c.example +work")

  /// The URLs the opener was asked for, in order.
  final class Opened {
    var urls: [String] = []
  }

  func makeStore(
    selected: UInt64, anchor: UInt64? = nil, outcome: LinkOpener.Outcome = .opened
  ) -> (TestStore<Todos.State, Todos.Action>, TestScheduler, Opened) {
    var state = Todos.State(todos: [read, both, plain, again], selectedID: id(selected))
    state.organise.rangeAnchor = anchor.map(id)
    let scheduler = TestScheduler()
    let opened = Opened()
    var environment = TodosEnvironment.test(scheduler: scheduler)
    environment.linkOpener = LinkOpener { url in
      opened.urls.append(url)
      return outcome
    }
    return (TestStore(initialState: state, reducer: Todos.reducer(environment)), scheduler, opened)
  }

  func expireStatus(_ store: TestStore<Todos.State, Todos.Action>, _ scheduler: TestScheduler) {
    scheduler.advance(by: .seconds(3))
    store.receive(.statusMessageExpired) { $0.status = nil }
    store.finish()
  }

  @Test func oOpensTheOneLinkOfTheTodoWithoutItsFullStop() {
    let (store, scheduler, opened) = makeStore(selected: 0)
    store.send(.organise(.link(.keyPressed)))
    store.receive(.organise(.link(.finished(url: "https://a.example/post", .opened)))) {
      $0.status = Todos.StatusMessage("Opened https://a.example/post")
    }
    #expect(opened.urls == ["https://a.example/post"])
    expireStatus(store, scheduler)
  }

  @Test func severalLinksOpenThePickerAndEnterOpensTheChosenOne() {
    let (store, scheduler, opened) = makeStore(selected: 1)
    store.send(.organise(.link(.keyPressed))) {
      $0.organise.linkPicker = LinkPicker(links: ["https://b.example", "mailto:bob@c.example"])
    }
    #expect(store.state.focus == .links)
    #expect(opened.urls.isEmpty)
    store.send(.organise(.link(.pickerMoved(.next)))) { $0.organise.linkPicker?.selected = 1 }
    // The last row stays the last.
    store.send(.organise(.link(.pickerMoved(.next))))
    store.send(.organise(.link(.pickerConfirmed))) { $0.organise.linkPicker = nil }
    store.receive(.organise(.link(.finished(url: "mailto:bob@c.example", .opened)))) {
      $0.status = Todos.StatusMessage("Opened mailto:bob@c.example")
    }
    #expect(opened.urls == ["mailto:bob@c.example"])
    #expect(store.state.focus == .list)
    expireStatus(store, scheduler)
  }

  @Test func escInThePickerOpensNothing() {
    let (store, _, opened) = makeStore(selected: 1)
    store.send(.organise(.link(.keyPressed))) {
      $0.organise.linkPicker = LinkPicker(links: ["https://b.example", "mailto:bob@c.example"])
    }
    store.send(.organise(.link(.pickerCancelled))) { $0.organise.linkPicker = nil }
    #expect(opened.urls.isEmpty)
    store.finish()
  }

  @Test func aTodoWithoutALinkSaysSo() {
    let (store, scheduler, opened) = makeStore(selected: 2)
    store.send(.organise(.link(.keyPressed))) {
      $0.status = Todos.StatusMessage(
        "No link in “Milk @home” (http://, https://, file://, mailto:)")
    }
    #expect(opened.urls.isEmpty)
    expireStatus(store, scheduler)
  }

  @Test func aCommandThatFailsSaysWhyAndChangesNothing() {
    let reason = "xdg-open not found · To fix, set open_command or $BROWSER"
    let (store, scheduler, opened) = makeStore(selected: 0, outcome: .failed(reason))
    let before = store.state
    store.send(.organise(.link(.keyPressed)))
    store.receive(.organise(.link(.finished(url: "https://a.example/post", .failed(reason))))) {
      $0.status = Todos.StatusMessage("Open link: \(reason)", kind: .error)
    }
    #expect(opened.urls == ["https://a.example/post"])
    #expect(store.state.list == before.list)
    #expect(store.state.history == before.history)
    expireStatus(store, scheduler)
  }

  @Test func onARangeThePickerHasEveryLinkOfItOnceAndOpeningEndsTheRange() {
    // The range is the four todos; bob's address is in two of them.
    let (store, scheduler, opened) = makeStore(selected: 3, anchor: 0)
    store.send(.organise(.link(.keyPressed))) {
      $0.organise.linkPicker = LinkPicker(links: [
        "https://a.example/post", "https://b.example", "mailto:bob@c.example",
      ])
    }
    store.send(.organise(.link(.pickerMoved(.last)))) { $0.organise.linkPicker?.selected = 2 }
    store.send(.organise(.link(.pickerMoved(.previous)))) { $0.organise.linkPicker?.selected = 1 }
    store.send(.organise(.link(.pickerConfirmed))) {
      $0.organise.linkPicker = nil
      $0.organise.rangeAnchor = nil
    }
    store.receive(.organise(.link(.finished(url: "https://b.example", .opened)))) {
      $0.status = Todos.StatusMessage("Opened https://b.example")
    }
    #expect(opened.urls == ["https://b.example"])
    expireStatus(store, scheduler)
  }

  @Test func onARangeWithOneLinkItOpensAtOnce() {
    // Milk and the reply: one link between them.
    let (store, scheduler, opened) = makeStore(selected: 3, anchor: 2)
    store.send(.organise(.link(.keyPressed))) { $0.organise.rangeAnchor = nil }
    store.receive(.organise(.link(.finished(url: "mailto:bob@c.example", .opened)))) {
      $0.status = Todos.StatusMessage("Opened mailto:bob@c.example")
    }
    #expect(opened.urls == ["mailto:bob@c.example"])
    expireStatus(store, scheduler)
  }

  @Test func onARangeWithoutLinksItSaysSoAndTheRangeStays() {
    let (store, scheduler, _) = makeStore(selected: 2, anchor: 2)
    store.send(.organise(.link(.keyPressed))) {
      $0.status = Todos.StatusMessage(
        "No link in “Milk @home” (http://, https://, file://, mailto:)")
    }
    #expect(store.state.organise.rangeAnchor == id(2))
    expireStatus(store, scheduler)
  }

  @Test func theKeysReachTheLinkActions() {
    var state = Todos.State(todos: [read, both], selectedID: id(1))
    #expect(Keymap.action(for: .character("o"), in: state) == .organise(.link(.keyPressed)))
    state.organise.linkPicker = LinkPicker(links: ["https://b.example", "mailto:bob@c.example"])
    #expect(Keymap.action(for: .character("j"), in: state) == .organise(.link(.pickerMoved(.next))))
    #expect(Keymap.action(for: .up, in: state) == .organise(.link(.pickerMoved(.previous))))
    #expect(Keymap.action(for: .enter, in: state) == .organise(.link(.pickerConfirmed)))
    #expect(Keymap.action(for: .escape, in: state) == .organise(.link(.pickerCancelled)))
    #expect(Keymap.action(for: .character("x"), in: state) == nil)
  }

  @Test func oIsRemappable() {
    let keys = KeyBindings.standard.remapped(["open_link": [[.character("O")]]])
    let state = Todos.State(todos: [read], selectedID: id(0))
    #expect(
      Keymap.action(for: .character("O"), in: state, keys: keys) == .organise(.link(.keyPressed)))
    #expect(Keymap.action(for: .character("o"), in: state, keys: keys) == nil)
  }
}
