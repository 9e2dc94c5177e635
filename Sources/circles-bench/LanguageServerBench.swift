import Foundation

/// `circles lsp` on a 10 MB document: how long after `didOpen` and after a one-character
/// `didChange` its diagnostics arrive, against the goal of a second; and on a 50 MB one, how
/// long after `didOpen` against five times the 10 MB document's, and the server's peak memory
/// against a gigabyte.
enum LanguageServerBench {
  /// A script of about `bytes` bytes of `add` lines, and `tail` after them.
  static func script(bytes: Int, tail: String = "") -> String {
    var lines: [String] = []
    var total = 0
    var index = 0
    while total < bytes {
      let line = "add c\(index) at \(index % 500),\(index % 300) radius 5 fill red"
      lines.append(line)
      total += line.utf8.count + 1
      index += 1
    }
    return lines.joined(separator: "\n") + "\n" + tail
  }

  /// A running `circles lsp` with pipes to and from it.
  final class Server {
    let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private var buffer = Data()

    init(circles: String) throws {
      process.executableURL = URL(fileURLWithPath: circles)
      process.arguments = ["lsp"]
      process.standardInput = input
      process.standardOutput = output
      process.standardError = FileHandle.nullDevice
      try process.run()
    }

    func send(_ message: [String: Any]) throws {
      send(try Self.frame(message))
    }

    func send(_ framed: Data) {
      input.fileHandleForWriting.write(framed)
    }

    /// A message as it is sent: its header and its JSON.
    static func frame(_ message: [String: Any]) throws -> Data {
      let body = try JSONSerialization.data(withJSONObject: message)
      return Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body
    }

    /// The next message from the server.
    func next() throws -> [String: Any] {
      let separator = Data("\r\n\r\n".utf8)
      while buffer.range(of: separator) == nil { try more() }
      let headerEnd = buffer.range(of: separator)!
      let header = String(decoding: buffer[..<headerEnd.lowerBound], as: UTF8.self)
      let length =
        Int(header.split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? "") ?? 0
      while buffer.count - (headerEnd.upperBound - buffer.startIndex) < length { try more() }
      let start = headerEnd.upperBound
      let body = buffer[start..<start + length]
      buffer = Data(buffer[(start + length)...])
      return (try JSONSerialization.jsonObject(with: body) as? [String: Any]) ?? [:]
    }

    private func more() throws {
      let data = output.fileHandleForReading.availableData
      guard !data.isEmpty else { throw CocoaError(.fileReadUnknown) }
      buffer += data
    }

    /// Seconds from sending `message` (its JSON made beforehand) until the diagnostics of
    /// `version` arrive.
    func diagnostics(after message: [String: Any], version: Int) throws -> (Double, [String]) {
      let framed = try Self.frame(message)
      let start = DispatchTime.now()
      send(framed)
      while true {
        let reply = try next()
        guard reply["method"] as? String == "textDocument/publishDiagnostics",
          let params = reply["params"] as? [String: Any], params["version"] as? Int == version
        else { continue }
        let messages = (params["diagnostics"] as? [[String: Any]] ?? []).compactMap {
          $0["message"] as? String
        }
        return (Measures.elapsed(since: start), messages)
      }
    }

    /// The most memory the server has held so far (`VmHWM`), in bytes.
    var peakMemory: Int {
      let status =
        (try? String(
          contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)) ?? ""
      let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
      return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) * 1024
    }

    func stop() throws {
      try send(["jsonrpc": "2.0", "id": 99, "method": "shutdown"])
      while try next()["id"] as? Int != 99 {}
      try send(["jsonrpc": "2.0", "method": "exit"])
      process.waitUntilExit()
    }
  }

  /// What the runs of one document measured: medians of the seconds to the diagnostics after
  /// `didOpen` and after `didChange`, the largest peak memory, and the diagnostics seen.
  struct Measured {
    var open: Double
    var change: Double
    var peakBytes: Int
    var messages: [String]
  }

  static func measure(circles: String, text: String, runs: Int) throws -> Measured {
    let uri = "file:///bench/large.circles"
    let middle = text.utf8.filter { $0 == 10 }.count / 2
    var opens: [Double] = []
    var changes: [Double] = []
    var peak = 0
    var seen: [String] = []
    for _ in 0..<runs {
      let server = try Server(circles: circles)
      try server.send([
        "jsonrpc": "2.0", "id": 1, "method": "initialize", "params": ["capabilities": [:]],
      ])
      while try server.next()["id"] as? Int != 1 {}
      let (open, messages) = try server.diagnostics(
        after: [
          "jsonrpc": "2.0", "method": "textDocument/didOpen",
          "params": [
            "textDocument": ["uri": uri, "languageId": "circles", "version": 1, "text": text]
          ],
        ], version: 1)
      let place: [String: Any] = ["line": middle, "character": 0]
      let (change, _) = try server.diagnostics(
        after: [
          "jsonrpc": "2.0", "method": "textDocument/didChange",
          "params": [
            "textDocument": ["uri": uri, "version": 2],
            "contentChanges": [["range": ["start": place, "end": place], "text": " "]],
          ],
        ], version: 2)
      peak = max(peak, server.peakMemory)
      try server.stop()
      opens.append(open)
      changes.append(change)
      seen = messages
    }
    return Measured(
      open: Measures.median(opens), change: Measures.median(changes), peakBytes: peak,
      messages: seen)
  }

  static func rows(circles: String, runs: Int) throws -> [BenchRow] {
    let cases = [
      ("lsp: diagnostics of a 10 MB script (250,000 adds), the run cut off", ""),
      ("lsp: diagnostics of a 10 MB script with a syntax error at its end", "remove\n"),
    ]
    var rows: [BenchRow] = []
    var tenMegabytes: Measured?
    for (name, tail) in cases {
      let measured = try measure(
        circles: circles, text: script(bytes: 10_000_000, tail: tail), runs: runs)
      tenMegabytes = tenMegabytes ?? measured
      Measures.progress("\(name): \(measured.messages.first ?? "no diagnostic")")
      for (what, median) in [("didOpen", measured.open), ("didChange", measured.change)] {
        rows.append(
          BenchRow(
            "\(name), after \(what)", Measures.seconds(median), "the goal of 1 s", ratio: median,
            atMost: 1))
      }
    }
    // Five times the text: the syntax check is linear, and the run is cut off at its budgets.
    let name = "lsp: diagnostics of a 50 MB script (1,250,000 adds), the run cut off"
    let large = try measure(
      circles: circles, text: script(bytes: 50_000_000), runs: max(1, runs / 2))
    Measures.progress("\(name): \(large.messages.first ?? "no diagnostic")")
    let ten = tenMegabytes!.open
    rows.append(
      BenchRow(
        "\(name), after didOpen", Measures.seconds(large.open),
        "5 × the 10 MB script's \(Measures.seconds(ten))", ratio: large.open / (5 * ten),
        atMost: 1))
    let gigabyte = 1 << 30
    rows.append(
      BenchRow(
        "lsp: peak memory of the server holding the 50 MB script",
        "\(large.peakBytes >> 20) MiB", "1 GiB",
        ratio: Double(large.peakBytes) / Double(gigabyte), atMost: 1))
    return rows
  }
}
