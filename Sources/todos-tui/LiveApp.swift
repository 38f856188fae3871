// The live app: the store and the live scheduler as the run loop drives them (keys in,
// frames out).

import Architecture
import TerminalUI
import TodosFeature

/// Adapts the store and the live scheduler to what the run loop needs.
@MainActor
final class LiveApp: RunLoopApp {
  let store: Store<AppFeature.State, AppFeature.Action>
  let scheduler: LiveScheduler
  /// The keys in force (config.toml's over the defaults) and the first key of a sequence.
  let keys: KeyBindings
  let input: KeyInput
  let theme: TodosTheme

  init(
    store: Store<AppFeature.State, AppFeature.Action>, scheduler: LiveScheduler,
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
      if let action = input.action(for: key, in: store.state.list, keys: keys) {
        store.send(.list(action))
      }
    case .resize(let width, let height):
      store.send(.list(.viewport(.terminalResized(width: width, height: height))))
    case .paste(let text):
      for action in Keymap.actions(forPaste: text, in: store.state.list) {
        store.send(.list(action))
      }
    }
  }

  func timeUntilNextDeadline() -> Duration? { scheduler.timeUntilNextDeadline() }
  func runDue() { scheduler.runDue() }
  /// The state's, and the pending key's (it shows in the hint line until its time is up).
  var version: UInt64 { store.version &+ input.changes }

  func frame(width: Int, height: Int) -> Frame {
    AppView.frame(
      for: store.state, width: width, height: height, keys: keys, theme: theme,
      pendingKey: input.pending)
  }

  var exitStatus: Int32? { store.state.list.isQuitting ? 0 : nil }
  var repaintRequests: UInt64 { store.state.list.redrawRequests }

  func shutdown(signal: Int32?) { store.send(.shutdownRequested) }

  func waitsForSize(_ event: TerminalEvent) -> Bool {
    Keymap.waitsForSize(event, in: store.state.list, keys: keys)
  }
}
