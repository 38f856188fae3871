// The live app: the store and the live scheduler as the run loop drives them (keys in,
// frames out).

import Architecture
import TerminalUI
import TodosFeature

/// Adapts the store and the live scheduler to what the run loop needs. Each of these runs at
/// every key, so each reads the state in place (`withState`), never as a copy.
@MainActor
final class LiveApp: RunLoopApp {
  let store: Store<ListsFeature.State, ListsFeature.Action>
  let scheduler: LiveScheduler
  /// The keys in force (config.toml's over the defaults) and the first key of a sequence.
  let keys: KeyBindings
  let input: KeyInput
  let theme: TodosTheme

  init(
    store: Store<ListsFeature.State, ListsFeature.Action>, scheduler: LiveScheduler,
    keys: KeyBindings, theme: TodosTheme
  ) {
    self.store = store
    self.scheduler = scheduler
    self.keys = keys
    self.theme = theme
    self.input = KeyInput(scheduler: scheduler)
  }

  func handle(_ event: TerminalEvent) {
    switch event {
    case .key(let key):
      let action = store.withState {
        $0.readingCurrentList { input.action(for: key, in: $0.list, keys: keys) }
      }
      if let action { send(action) }
    case .resize(let width, let height):
      store.send(.terminalResized(width: width, height: height))
    case .paste(let text):
      let actions = store.withState {
        $0.readingCurrentList { Keymap.actions(forPaste: text, in: $0.list) }
      }
      for action in actions {
        send(action)
      }
    }
  }

  /// A key's action, for the list on screen (by its id).
  private func send(_ action: Todos.Action) {
    store.send(.list(.element(id: store.withState { $0.current }, action: .list(action))))
  }

  func timeUntilNextDeadline() -> Duration? { scheduler.timeUntilNextDeadline() }
  func runDue() { scheduler.runDue() }
  /// The state's, and the pending key's (it shows in the hint line until its time is up).
  var version: UInt64 { store.version &+ input.changes }

  func frame(width: Int, height: Int) -> Frame {
    store.withState {
      ListsView.frame(
        for: $0, width: width, height: height, keys: keys, theme: theme,
        pendingKey: input.pending)
    }
  }

  var exitStatus: Int32? { store.withState { $0.isQuitting } ? 0 : nil }
  var repaintRequests: UInt64 {
    store.withState { $0.readingCurrentList { $0.list.redrawRequests } }
  }

  func shutdown(signal: Int32?) { store.send(.shutdownRequested) }

  func waitsForSize(_ event: TerminalEvent) -> Bool {
    store.withState {
      $0.readingCurrentList { Keymap.waitsForSize(event, in: $0.list, keys: keys) }
    }
  }
}
