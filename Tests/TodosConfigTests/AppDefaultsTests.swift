import Testing
import TodosAppConfig
import TodosConfig
import TodosFeature

/// With no config file the app starts from `Config.appDefaultsWithDefaultKeys`, which leaves
/// the key table out (each action keeps its default keys) so that no vocabulary is made: the
/// app it gives is the one the full defaults give.
@Suite struct AppDefaultsTests {
  @Test func theDefaultsWithoutKeysAreTheDefaultsWithTheirKeysLeftOut() {
    var full = Config.defaults(for: .app)
    #expect(!full.keys.isEmpty)
    full.keys = [:]
    #expect(Config.appDefaultsWithDefaultKeys == full)
  }

  @Test func theAppSettingsAreTheSame() {
    let light = AppSettings(.appDefaultsWithDefaultKeys)
    let full = AppSettings(.defaults(for: .app))
    #expect(light.keys.actions == full.keys.actions)
    for focus in Todos.Focus.allCases {
      #expect(light.keys.hints(for: focus) == full.keys.hints(for: focus))
    }
    #expect(light.views == full.views)
    #expect(light.theme(colorCount: 256) == full.theme(colorCount: 256))
    #expect(light.keys.actions == KeyBindings.standard.actions)
  }

  /// A config that names every action (as one read from a file does) is still read key by
  /// key: a changed key is in force.
  @Test func aConfigWithKeysIsStillRead() {
    var config = Config.defaults(for: .app)
    config.keys["quit"] = [KeySequence(keys: [.character("Q")])]
    let settings = AppSettings(config)
    let quit = settings.keys.actions.first { $0.name == "quit" }
    #expect(quit?.sequences == [[.character("Q")]])
  }
}
