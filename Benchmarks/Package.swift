// swift-tools-version: 6.1
// In-process benchmarks for todos-tui (ordo-one/benchmark). A separate package so that
// `make test` never builds them; run with `make bench-all` (or `make -C Benchmarks
// bench-inprocess`); `make bench` runs the keypress ones for its goals table.
import PackageDescription

let package = Package(
  name: "todos-tui-benchmarks",
  platforms: [.macOS(.v14)],
  dependencies: [
    .package(name: "todos-tui", path: ".."),
    .package(
      url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
  ],
  targets: [
    .executableTarget(
      name: "TodosBenchmarks",
      dependencies: [
        .product(name: "Benchmark", package: "benchmark"),
        .product(name: "Architecture", package: "todos-tui"),
        .product(name: "TerminalUI", package: "todos-tui"),
        .product(name: "TodosFeature", package: "todos-tui"),
        .product(name: "TodoTxt", package: "todos-tui"),
        .product(name: "ArchitectureTestSupport", package: "todos-tui"),
        .product(name: "IdentifiedCollections", package: "todos-tui"),
      ],
      path: "Benchmarks/TodosBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    ),
    // One scenario in a loop, for callgrind (see Makefile's `profile`).
    .executableTarget(
      name: "TodosProfile",
      dependencies: [
        .product(name: "Architecture", package: "todos-tui"),
        .product(name: "ArchitectureTestSupport", package: "todos-tui"),
        .product(name: "TerminalUI", package: "todos-tui"),
        .product(name: "TodosFeature", package: "todos-tui"),
        .product(name: "IdentifiedCollections", package: "todos-tui"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
