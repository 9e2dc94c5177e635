import CirclesTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// One outcome of each kind a check can have, run by the binary: the exit code, the text
/// report, the JSON, the JUnit file and the HTML page all give the same verdict, since each
/// is made from the one result the exit code is computed from.
@Suite("circles check: the exit code and every report give one verdict")
struct CheckVerdictTests {
  static let script = """
    canvas 20x20
    add a at 6,10 r 3 fill red
    add b at 14,10 r 3 fill blue

    """

  /// A check's outcome: how its folder is made, the arguments and environment it runs with, and
  /// the exit code it must end with.
  struct Outcome: CustomTestStringConvertible, Sendable {
    var name: String
    /// The scripts written before goldens are recorded, by name.
    var recorded: [String: String]
    /// The scripts then checked, by name.
    var checked: [String: String]
    /// Files written after recording (a damaged golden, one with no frame).
    var files: [String: String] = [:]
    /// A FIFO of this name, which no script can be read from.
    var fifo: String?
    /// The scripts or folders named.
    var targets = ["."]
    var arguments: [String] = []
    /// `""` is a person's machine; otherwise the check runs as in CI.
    var ci = "true"
    var exitCode: Int32

    var testDescription: String { name }
  }

  static let outcomes: [Outcome] = [
    Outcome(
      name: "passed", recorded: ["s.circles": script], checked: ["s.circles": script],
      exitCode: 0),
    Outcome(
      name: "failed", recorded: ["s.circles": script],
      checked: ["s.circles": script.replacingOccurrences(of: "blue", with: "green")],
      exitCode: 1),
    Outcome(
      name: "recorded on a first run", recorded: [:], checked: ["s.circles": script], ci: "",
      exitCode: 1),
    Outcome(
      name: "recorded when asked", recorded: [:], checked: ["s.circles": script],
      arguments: ["--record", "missing"], exitCode: 0),
    Outcome(name: "missing golden", recorded: [:], checked: ["s.circles": script], exitCode: 1),
    Outcome(
      name: "golden that cannot be read", recorded: ["s.circles": script],
      checked: ["s.circles": script], files: ["__snapshots__/s/0001-add-a.png": "not a PNG"],
      exitCode: 2),
    Outcome(
      name: "script that cannot be read", recorded: ["s.circles": script],
      checked: ["s.circles": script], fifo: "f.circles", targets: ["s.circles", "f.circles"],
      exitCode: 2),
    Outcome(
      name: "syntax error", recorded: ["s.circles": script],
      checked: ["s.circles": script + "add at\n"], exitCode: 2),
    Outcome(
      name: "runtime error", recorded: ["s.circles": script],
      checked: ["s.circles": script + "remove nope\n"], exitCode: 2),
    Outcome(
      name: "failed expect", recorded: ["s.circles": script],
      checked: ["s.circles": script + "expect count 9\n"], exitCode: 1),
    Outcome(
      name: "stale golden", recorded: ["s.circles": script + "add c at 3,3 r 2\n"],
      checked: ["s.circles": script], exitCode: 0),
    Outcome(
      name: "stale golden that fails", recorded: ["s.circles": script + "add c at 3,3 r 2\n"],
      checked: ["s.circles": script], arguments: ["--fail-on-orphans"], exitCode: 1),
    Outcome(
      name: "shard of the passing script",
      recorded: ["a.circles": script, "b.circles": script],
      checked: ["a.circles": script, "b.circles": script + "add c at 3,3 r 2\n"],
      arguments: ["--shard", "1/2"], exitCode: 0),
    Outcome(
      name: "shard of the failing script",
      recorded: ["a.circles": script, "b.circles": script],
      checked: ["a.circles": script, "b.circles": script + "add c at 3,3 r 2\n"],
      arguments: ["--shard", "2/2"], exitCode: 1),
  ]

  /// Makes the outcome's folder afresh: scripts recorded, then the scripts checked and files.
  static func prepare(_ outcome: Outcome) async throws -> TemporaryFolder {
    let folder = try TemporaryFolder()
    if !outcome.recorded.isEmpty {
      for (name, text) in outcome.recorded { try folder.write(text, to: name) }
      let record = try await Executable.run(["check", ".", "--record", "all"], in: folder.url)
      #expect(record.status == 0 || record.status == 2, "\(record)")
    }
    for (name, text) in outcome.checked { try folder.write(text, to: name) }
    for (name, text) in outcome.files { try folder.write(text, to: name) }
    if let fifo = outcome.fifo {
      #expect(mkfifo(folder.url.appendingPathComponent(fifo).path, 0o644) == 0)
    }
    return folder
  }

  /// The verdict as an exit code: 2 when an error is counted, else 1 when a failure is.
  static func verdict(errors: Bool, failures: Bool) -> Int32 {
    errors ? 2 : failures ? 1 : 0
  }

  @Test("exit code, text, JSON, JUnit and HTML agree", arguments: outcomes)
  func agreement(_ outcome: Outcome) async throws {
    let arguments = ["check"] + outcome.targets + outcome.arguments
    let environment = ["CI": outcome.ci]

    let folder = try await Self.prepare(outcome)
    let text = try await Executable.run(
      arguments + ["--junit", "j.xml", "--report", "r.html"], in: folder.url,
      environment: environment)
    #expect(text.status == outcome.exitCode, "\(text)")
    let lines = text.stdout.split(separator: "\n").map(String.init)
    let headlines = lines.filter { !$0.hasPrefix(" ") }
    #expect(
      Self.verdict(
        errors: headlines.contains { $0.hasPrefix("ERROR ") },
        failures: headlines.contains { $0.hasPrefix("FAIL ") }) == outcome.exitCode,
      "\(text)")
    #expect(headlines.contains { $0.hasPrefix("checked ") }, "\(text)")

    let junit = try String(contentsOf: folder.url.appendingPathComponent("j.xml"), encoding: .utf8)
    let totals = try #require(junit.split(separator: "\n").first { $0.hasPrefix("<testsuites") })
    #expect(
      Self.verdict(
        errors: !totals.contains("errors=\"0\""), failures: !totals.contains("failures=\"0\""))
        == outcome.exitCode, "\(totals)\n\(text)")

    let html = try String(contentsOf: folder.url.appendingPathComponent("r.html"), encoding: .utf8)
    #expect(
      html.contains("<p class=\"summary \(outcome.exitCode == 0 ? "ok" : "bad")\">"),
      "\(text)")
    #expect(
      Self.verdict(
        errors: html.contains("— <span class=\"bad\">error</span></h2>"),
        failures: html.contains("— <span class=\"bad\">failed</span></h2>"))
        == outcome.exitCode, "\(text)")

    let again = try await Self.prepare(outcome)
    let json = try await Executable.run(
      arguments + ["--json"], in: again.url, environment: environment)
    #expect(json.status == outcome.exitCode, "\(json)")
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any],
      "\(json)")
    #expect(document["passed"] as? Bool == (outcome.exitCode == 0), "\(json)")
    let statuses = (document["scripts"] as? [[String: Any]] ?? []).map {
      $0["status"] as? String ?? ""
    }
    #expect(
      Self.verdict(errors: statuses.contains("error"), failures: statuses.contains("failed"))
        == outcome.exitCode, "\(json)")
  }
}
