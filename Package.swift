// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "todos-tui",
  platforms: [.macOS(.v14)],
  products: [
    .executable(name: "todos-tui", targets: ["todos-tui"]),
    .library(name: "Architecture", targets: ["Architecture"]),
    // The vendored IdentifiedCollections (Vendor/README.md), for the Benchmarks package.
    .library(name: "IdentifiedCollections", targets: ["IdentifiedCollections"]),
    .library(name: "ArchitectureTestSupport", targets: ["ArchitectureTestSupport"]),
    .library(name: "TerminalUI", targets: ["TerminalUI"]),
    .library(name: "TodoTxt", targets: ["TodoTxt"]),
    .library(name: "TodosFeature", targets: ["TodosFeature"]),
    .library(name: "TodosConfig", targets: ["TodosConfig"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
    .package(url: "https://github.com/pointfreeco/swift-custom-dump", from: "1.7.3"),
    .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
    .package(url: "https://github.com/pointfreeco/xctest-dynamic-overlay", from: "1.13.1"),
  ],
  targets: [
    // C shim over ncursesw. Only TerminalUI's ncurses backend imports it.
    .target(
      name: "CNcurses",
      linkerSettings: [.linkedLibrary("ncursesw")]
    ),
    // Counting malloc for the allocation tests; only TodosFeatureTests links it.
    .target(name: "MallocCounter"),
    // swift-identified-collections 1.1.1 (MIT, Point-Free), vendored without its one file that
    // imports Foundation (moves and removals by `IndexSet`, which nothing here uses): its
    // reference to `IndexSet` linked all of Foundation and ICU into the app. See Vendor/README.md.
    .target(
      name: "IdentifiedCollections",
      dependencies: [.product(name: "OrderedCollections", package: "swift-collections")],
      path: "Vendor/IdentifiedCollections",
      exclude: ["LICENSE"],
      swiftSettings: [.swiftLanguageMode(.v5)]
    ),
    // The store: reducers, effects, schedulers. Knows nothing of terminals or todos.
    .target(
      name: "Architecture",
      dependencies: [
        "IdentifiedCollections",
        // `forEach` is inlinable, and its body compares the elements' `OrderedSet` of ids.
        .product(name: "OrderedCollections", package: "swift-collections"),
      ]
    ),
    // TestStore and TestScheduler.
    .target(
      name: "ArchitectureTestSupport",
      dependencies: [
        "Architecture",
        .product(name: "CustomDump", package: "swift-custom-dump"),
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
      ]
    ),
    // Screen buffer, keys, terminal protocol, ncurses backend, run loop.
    .target(
      name: "TerminalUI",
      dependencies: ["CNcurses"]
    ),
    // Snapshot strategies for screen buffers (.screen, .styledScreen), an in-memory terminal and
    // the tmux session helper, for any test target.
    .target(
      name: "TerminalUITestSupport",
      dependencies: [
        "TerminalUI",
        .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
      ]
    ),
    // A tiny full-screen program the real-terminal tests drive in tmux.
    .executableTarget(
      name: "terminal-demo",
      dependencies: ["TerminalUI"]
    ),
    // The todo.txt format and its files: codec, three-way merge, the todo file, done.txt and
    // where they are. Knows nothing of the store, the terminal or the app's rows.
    .target(
      name: "TodoTxt"
    ),
    // The app: reducers, view, keymap; the list's rows ↔ todo.txt lines.
    .target(
      name: "TodosFeature",
      dependencies: [
        "Architecture",
        "TerminalUI",
        "TodoTxt",
        // The undo steps: the oldest is dropped in O(1) once there are `History.limit`.
        .product(name: "DequeModule", package: "swift-collections"),
        "IdentifiedCollections",
      ]
    ),
    // Test doubles of the app's files (an in-memory todo file and done.txt), a temporary folder
    // and seeded random todo.txt lines, for any test target. Needs only TodoTxt.
    .target(
      name: "TodosFeatureTestSupport",
      dependencies: ["TodoTxt"]
    ),
    // config.toml: keys, colours, behaviour; its location (TodoTxt's PathResolver); the printed,
    // commented config.
    .target(
      name: "TodosConfig",
      dependencies: [
        "TerminalUI",
        "TodoTxt",
      ]
    ),
    // config.toml applied to the app: the key table's vocabulary, keys, theme, behaviour.
    .target(
      name: "TodosAppConfig",
      dependencies: ["TodosConfig", "TodosFeature", "TerminalUI"]
    ),
    // A command line described once (options, flags, positionals, help, completion): the parser,
    // the help, the completion scripts and the help dump read it. Standard library only.
    .target(name: "CommandLineSpec"),
    .executableTarget(
      name: "todos-tui",
      dependencies: [
        "TodosAppConfig",
        "TodosConfig",
        "TodosFeature",
        "TodoTxt",
        "TerminalUI",
        "Architecture",
        "CommandLineSpec",
      ]
    ),
    .testTarget(name: "CommandLineSpecTests", dependencies: ["CommandLineSpec"]),
    .testTarget(
      name: "ArchitectureTests",
      dependencies: [
        "Architecture",
        "ArchitectureTestSupport",
        "MallocCounter",
        .product(name: "CustomDump", package: "swift-custom-dump"),
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ]
    ),
    .testTarget(
      name: "TerminalUITests",
      dependencies: [
        "TerminalUI",
        "TerminalUITestSupport",
        .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ],
      exclude: ["__Snapshots__"]
    ),
    // The codec, the merge and the files, on their own.
    .testTarget(
      name: "TodoTxtTests",
      dependencies: [
        "TodoTxt",
        "TodosFeatureTestSupport",
      ]
    ),
    .testTarget(
      name: "TodosFeatureTests",
      dependencies: [
        "TodosFeature",
        "TodoTxt",
        "TodosFeatureTestSupport",
        "ArchitectureTestSupport",
        "TerminalUI",
        "TerminalUITestSupport",
        "MallocCounter",
        .product(name: "CustomDump", package: "swift-custom-dump"),
        .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ],
      exclude: [
        "Dates/__Snapshots__", "Organise/__Snapshots__", "Picker/__Snapshots__",
        "View/__Snapshots__",
      ]
    ),
    .testTarget(
      name: "TodosConfigTests",
      dependencies: [
        "TodosConfig",
        "TodosAppConfig",
        "TodosFeature",
        "ArchitectureTestSupport",
        "TerminalUI",
        "TerminalUITestSupport",
      ]
    ),
    // The release binary holds no ICU and no Foundation beyond FoundationEssentials (make test
    // builds it and passes its path).
    .testTarget(name: "ReleaseBinaryTests"),
    // The docs stay true to the code: every source file in the architecture map, no stale name.
    .testTarget(name: "DocsTests"),
  ],
  swiftLanguageModes: [.v6]
)

// The app's targets see only the members of the modules they import themselves: a dependency
// that imports Foundation must not make Foundation's `String`
// methods (`contains`, `range(of:)`) the ones a call picks, which would link Foundation and ICU
// into the app (ReleaseBinaryTests).
for target in package.targets
where [
  "Architecture", "TerminalUI", "TodoTxt", "TodosFeature", "TodosConfig", "TodosAppConfig",
  "CommandLineSpec", "todos-tui",
].contains(target.name) {
  target.swiftSettings =
    (target.swiftSettings ?? []) + [
      .enableUpcomingFeature("MemberImportVisibility")
    ]
}
