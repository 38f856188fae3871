import Foundation
import TerminalUITestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// A real Syncthing for the sync tests: its own home (config, keys, database, log), its own
/// GUI/API and sync ports on 127.0.0.1, no discovery, relays or NAT, and one folder shared with
/// its peer. It runs under `timeout`, so it ends by itself even when the test process dies.
///
/// ```swift
/// let (a, b) = try Syncthing.pair(in: root)
/// defer { a.stop(); b.stop() }
/// try a.post("/rest/system/pause?device=\(b.deviceID)")
/// ```
final class Syncthing {
  /// The folder id both share.
  static let folderID = "todos"
  /// How long a Syncthing may live at most, whatever happens to the test.
  static let lifetimeSeconds = 120

  let name: String
  let home: URL
  /// The shared folder.
  let folder: URL
  let deviceID: String
  let apiKey: String
  let guiPort: UInt16
  let syncPort: UInt16
  private let configVersion: String
  private var process: BackgroundProcess?

  /// Whether `syncthing` runs here (`make test` installs the Debian package when it can).
  static let isInstalled: Bool = (try? Tmux.execute(["syncthing", "--version"]))?.status == 0

  /// Two instances under `root` (`a/`, `b/`, folders `a-folder/`, `b-folder/`), each trusting
  /// the other at its static address, configured but not started.
  static func pair(in root: URL) throws -> (Syncthing, Syncthing) {
    let ports = try freePorts(4)
    let a = try Syncthing(name: "a", root: root, guiPort: ports[0], syncPort: ports[1])
    let b = try Syncthing(name: "b", root: root, guiPort: ports[2], syncPort: ports[3])
    try a.writeConfig(peer: b)
    try b.writeConfig(peer: a)
    return (a, b)
  }

  private init(name: String, root: URL, guiPort: UInt16, syncPort: UInt16) throws {
    self.name = name
    home = root.appendingPathComponent(name)
    folder = root.appendingPathComponent("\(name)-folder")
    (self.guiPort, self.syncPort) = (guiPort, syncPort)
    // The folder marker Syncthing looks for before it syncs a folder.
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent(".stfolder"), withIntermediateDirectories: true)
    // The app's lock files are this machine's own (docs/sync.md says to ignore them).
    try Data("*.txt.lock\n".utf8).write(to: folder.appendingPathComponent(".stignore"))
    // `generate` since 1.17 (Debian bookworm has 1.19), `-generate=` before.
    var generated = try Tmux.execute([
      "syncthing", "generate", "--home=\(home.path)", "--no-default-folder",
    ])
    if generated.status != 0 {
      generated = try Tmux.execute(["syncthing", "-generate=\(home.path)"])
    }
    let config =
      (try? String(contentsOf: home.appendingPathComponent("config.xml"), encoding: .utf8)) ?? ""
    guard generated.status == 0,
      let id = Self.capture(#"Device ID:\s*([A-Z0-9-]{50,})"#, in: generated.output),
      let key = Self.capture(#"<apikey>([^<]+)</apikey>"#, in: config),
      let version = Self.capture(#"<configuration version="(\d+)""#, in: config)
    else {
      throw TestFailure("syncthing generate failed: \(generated.output)\n\(config)")
    }
    (deviceID, apiKey, configVersion) = (id, key, version)
  }

  /// Replaces the generated config with one that shares `folderID` with `peer` only.
  private func writeConfig(peer: Syncthing) throws {
    let devices = [self, peer].sorted { $0.name < $1.name }
    let config = """
      <configuration version="\(configVersion)">
        <folder id="\(Self.folderID)" label="todos" path="\(folder.path)" type="sendreceive" \
      rescanIntervalS="10" fsWatcherEnabled="true" fsWatcherDelayS="1">
      \(devices.map { "    <device id=\"\($0.deviceID)\"></device>" }.joined(separator: "\n"))
          <maxConflicts>10</maxConflicts>
        </folder>
      \(devices.map { device in """
          <device id="\(device.deviceID)" name="\(device.name)" compression="metadata">
            <address>tcp://127.0.0.1:\(device.syncPort)</address>
          </device>
        """ }.joined(separator: "\n"))
        <gui enabled="true" tls="false">
          <address>127.0.0.1:\(guiPort)</address>
          <apikey>\(apiKey)</apikey>
        </gui>
        <options>
          <listenAddress>tcp://127.0.0.1:\(syncPort)</listenAddress>
          <globalAnnounceEnabled>false</globalAnnounceEnabled>
          <localAnnounceEnabled>false</localAnnounceEnabled>
          <relaysEnabled>false</relaysEnabled>
          <natEnabled>false</natEnabled>
          <startBrowser>false</startBrowser>
          <urAccepted>-1</urAccepted>
          <autoUpgradeIntervalH>0</autoUpgradeIntervalH>
          <crashReportingEnabled>false</crashReportingEnabled>
          <reconnectionIntervalS>1</reconnectionIntervalS>
          <setLowPriority>false</setLowPriority>
        </options>
      </configuration>

      """
    try Data(config.utf8).write(to: home.appendingPathComponent("config.xml"))
  }

  /// Starts it, then waits (`timeout` at most) until its API answers.
  func start(timeout: Duration = .seconds(30)) throws {
    let started = try BackgroundProcess(
      [
        "timeout", "-k", "5", "\(Self.lifetimeSeconds)", "syncthing", "serve",
        "--home=\(home.path)", "--no-browser",
      ],
      environment: [
        "STNORESTART": "1", "STNOUPGRADE": "1", "STNODEFAULTFOLDER": "1",
        "HOME": home.path,
      ],
      output: home.appendingPathComponent("syncthing.log"))
    process = started
    try waitUntil(timeout: timeout) {
      guard started.isRunning else { throw TestFailure("syncthing \(name) exited:\n\(log())") }
      return (try? get("/rest/system/ping")) != nil
    } otherwise: {
      "syncthing \(name)'s API never answered:\n\(log())"
    }
  }

  /// Stops it (SIGTERM, then SIGKILL after 5 s) and waits until it has exited.
  func stop() {
    process?.stop()
  }

  /// The end of its log, for a failure's message.
  func log() -> String {
    process?.outputText() ?? "(not started)"
  }

  /// Whether it is connected to `peer` now.
  func isConnected(to peer: Syncthing) throws -> Bool {
    let connections = try get("/rest/system/connections")["connections"] as? [String: Any]
    return (connections?[peer.deviceID] as? [String: Any])?["connected"] as? Bool == true
  }

  /// Whether the folder is scanned, idle and has everything `peer` has, as far as it knows.
  func isInSync(with peer: Syncthing) throws -> Bool {
    let status = try get("/rest/db/status?folder=\(Self.folderID)")
    let completion = try get(
      "/rest/db/completion?folder=\(Self.folderID)&device=\(peer.deviceID)")
    return status["state"] as? String == "idle"
      && (status["needTotalItems"] as? Int) == 0
      && (completion["needItems"] as? Int) == 0
  }

  /// Scans the folder now; returns once the scan is done.
  func scan() throws {
    try post("/rest/db/scan?folder=\(Self.folderID)")
  }

  // MARK: The REST API

  /// GETs `path`; the JSON object it answers.
  @discardableResult
  func get(_ path: String) throws -> [String: Any] {
    let body = try request("GET", path)
    if body.isEmpty { return [:] }
    guard
      let object = try? JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any]
    else { return [:] }
    return object
  }

  /// POSTs to `path` with no body.
  func post(_ path: String) throws {
    _ = try request("POST", path)
  }

  /// One HTTP/1.0 request with the API key, over a plain socket (10 s at most); the body of a
  /// 200 answer, else throws.
  private func request(_ method: String, _ path: String) throws -> String {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw TestFailure("socket: errno \(errno)") }
    defer { close(fd) }
    var limit = timeval(tv_sec: 10, tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    var address = Self.loopback(port: guiPort)
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else { throw TestFailure("\(method) \(path): cannot connect") }
    let text =
      "\(method) \(path) HTTP/1.0\r\nHost: 127.0.0.1:\(guiPort)\r\nX-API-Key: \(apiKey)\r\n"
      + "Content-Length: 0\r\n\r\n"
    let bytes = Array(text.utf8)
    var sent = 0
    while sent < bytes.count {
      let n = bytes[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) }
      guard n > 0 else { throw TestFailure("\(method) \(path): send failed") }
      sent += n
    }
    var answer: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
      if n == 0 { break }
      guard n > 0 else { throw TestFailure("\(method) \(path): no answer") }
      answer += buffer[..<n]
    }
    let response = String(decoding: answer, as: UTF8.self)
    let parts = response.components(separatedBy: "\r\n\r\n")
    let statusLine = parts.first?.split(separator: "\r\n").first ?? ""
    guard statusLine.split(separator: " ").dropFirst().first == "200" else {
      throw TestFailure("\(method) \(path): \(response.prefix(300))")
    }
    return parts.dropFirst().joined(separator: "\r\n\r\n")
  }

  // MARK: Helpers

  /// `count` distinct TCP ports free on 127.0.0.1 now (the system's choice for port 0).
  static func freePorts(_ count: Int) throws -> [UInt16] {
    var sockets: [Int32] = []
    defer { for fd in sockets { close(fd) } }
    var ports: [UInt16] = []
    for _ in 0..<count {
      let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
      guard fd >= 0 else { throw TestFailure("socket: errno \(errno)") }
      sockets.append(fd)
      var address = loopback(port: 0)
      var length = socklen_t(MemoryLayout<sockaddr_in>.size)
      let bound = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
        }
      }
      guard bound else { throw TestFailure("no free port: errno \(errno)") }
      ports.append(UInt16(bigEndian: address.sin_port))
    }
    return ports
  }

  static func loopback(port: UInt16) -> sockaddr_in {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    return address
  }

  /// The first group of `pattern`'s first match in `text`.
  static func capture(_ pattern: String, in text: String) -> String? {
    guard let regex = try? NSRegularExpression(pattern: pattern),
      let match = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
      let range = Range(match.range(at: 1), in: text)
    else { return nil }
    return String(text[range])
  }
}
