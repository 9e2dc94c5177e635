import CirclesTestSupport
import Foundation
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Sets of good, failing, broken and expect-failing scripts, drawn at random with fixed seeds,
/// checked by the binary: the text summary, the JSON, the JUnit file and the HTML page count the
/// same scripts and frames, and all agree with the exit code.
@Suite("circles check: every report counts every script and agrees with the exit code")
struct CheckReportAgreementTests {
  /// What a drawn script is made to do.
  enum Kind: CaseIterable {
    case good, failing, syntaxError, runtimeError, failedExpect

    /// The status the JSON report must give it.
    var status: String {
      switch self {
      case .good: "passed"
      case .failing, .failedExpect: "failed"
      case .syntaxError, .runtimeError: "error"
      }
    }

    var exitCode: Int32 {
      switch self {
      case .good: 0
      case .failing, .failedExpect: 1
      case .syntaxError, .runtimeError: 2
      }
    }

    /// How a text report's line for the script starts.
    var headline: String {
      switch self {
      case .good: "ok   "
      case .failing, .failedExpect: "FAIL "
      case .syntaxError, .runtimeError: "ERROR "
      }
    }
  }

  /// One drawn script: the text its goldens are recorded from, the text then checked, and the
  /// frames the check must count.
  struct Drawn {
    var name: String
    var kind: Kind
    var recorded: String
    var checked: String
    var frames: Int
  }

  static func draw(_ index: Int, using generator: inout SeededGenerator) -> Drawn {
    let kind = generator.pick(Kind.allCases)
    let adds = Int.random(in: 1...3, using: &generator)
    var lines = ["canvas 20x20"]
    for circle in 0..<adds {
      lines.append("add c\(circle) at \(3 + circle * 6),10 r 3 fill red")
    }
    let recorded = lines.joined(separator: "\n") + "\n"
    var frames = adds + 1
    switch kind {
    case .good: break
    case .failing:
      lines[adds] = lines[adds].replacingOccurrences(of: "red", with: "blue")
    case .syntaxError:
      lines.insert("add at", at: Int.random(in: 1...adds, using: &generator))
      frames = 0
    case .runtimeError:
      lines.insert("remove nope", at: Int.random(in: 1...adds, using: &generator))
      frames = 0
    case .failedExpect:
      let stop = Int.random(in: 1...adds, using: &generator)
      lines.insert("expect count 99", at: stop + 1)
      frames = stop + 1
    }
    return Drawn(
      name: "s\(index).circles", kind: kind, recorded: recorded,
      checked: lines.joined(separator: "\n") + "\n", frames: frames)
  }

  @Test(
    "text, JSON, JUnit and HTML count the same scripts and frames as the exit code says",
    arguments: 0..<6 as Range<UInt64>)
  func agreement(seed: UInt64) async throws {
    var generator = SeededGenerator(seed: seed)
    let drawn = (0..<Int.random(in: 2...5, using: &generator)).map {
      Self.draw($0, using: &generator)
    }
    let folder = try TemporaryFolder()
    for script in drawn { try folder.write(script.recorded, to: script.name) }
    let record = try await Executable.run(["check", ".", "--record", "all"], in: folder.url)
    #expect(record.status == 0, "\(record)")
    for script in drawn { try folder.write(script.checked, to: script.name) }
    let expectedExit = drawn.map(\.kind.exitCode).max()!
    let frames = drawn.reduce(0) { $0 + $1.frames }
    let context = "seed \(seed): \(drawn.map { "\($0.name) \($0.kind)" })"

    let text = try await Executable.run(
      ["check", ".", "--junit", "j.xml", "--report", "r.html"], in: folder.url,
      environment: ["CI": "1"])
    #expect(text.status == expectedExit, "\(context)\n\(text)")
    let lines = text.stdout.split(separator: "\n").map(String.init)
    for script in drawn {
      #expect(
        lines.contains { $0.hasPrefix(script.kind.headline + script.name + ":") },
        "\(context)\n\(text)")
      let stopped = script.kind != .good && script.kind != .failing
      #expect(
        lines.contains { $0.hasPrefix("  \(script.name):") } == stopped, "\(context)\n\(text)")
    }
    let summary = try #require(lines.first { $0.hasPrefix("checked ") }, "\(text)")
    let counted = try #require(Self.counts(in: summary), "\(summary)")
    #expect(counted == (drawn.count, frames), "\(context)\n\(summary)")

    let json = try await Executable.run(
      ["check", ".", "--json"], in: folder.url, environment: ["CI": "1"])
    #expect(json.status == expectedExit, "\(context)\n\(json)")
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    #expect(document["passed"] as? Bool == (expectedExit == 0), "\(context)")
    #expect(document["summary"] as? String == summary, "\(context)")
    let scripts = try #require(document["scripts"] as? [[String: Any]])
    #expect(
      scripts.map { $0["script"] as? String ?? "" } == drawn.map(\.name).sorted(),
      "\(context)")
    for entry in scripts {
      let script = try #require(drawn.first { $0.name == entry["script"] as? String })
      #expect(entry["status"] as? String == script.kind.status, "\(context): \(script.name)")
      let listed = try #require(entry["frames"] as? [[String: Any]])
      #expect(listed.count == script.frames, "\(context): \(script.name)")
      let diagnostics = try #require(entry["diagnostics"] as? [[String: Any]])
      #expect(
        diagnostics.isEmpty == (script.kind == .good || script.kind == .failing),
        "\(context): \(script.name)")
      for diagnostic in diagnostics {
        #expect(diagnostic["file"] as? String == script.name)
        #expect(diagnostic["line"] is Int && diagnostic["column"] is Int)
        #expect((diagnostic["message"] as? String)?.isEmpty == false)
      }
    }

    let junit = try XMLDocument(xmlString: try folder.read("j.xml"), options: [])
    let root = try #require(junit.rootElement())
    let suites = root.elements(forName: "testsuite")
    #expect(suites.count == drawn.count, "\(context)")
    let cases = suites.flatMap { $0.elements(forName: "testcase") }
    #expect(cases.count { $0.attribute(forName: "name")?.stringValue != "script" } == frames)
    let errors = Int(root.attribute(forName: "errors")?.stringValue ?? "") ?? -1
    let failures = Int(root.attribute(forName: "failures")?.stringValue ?? "") ?? -1
    #expect(errors == drawn.count { $0.kind.exitCode == 2 }, "\(context)")
    #expect(failures == drawn.count { $0.kind.exitCode == 1 }, "\(context)")
    #expect(Int(root.attribute(forName: "tests")?.stringValue ?? "") == cases.count)

    let html = try folder.read("r.html")
    #expect(html.components(separatedBy: "<section>").count - 1 == drawn.count, "\(context)")
    #expect(html.contains(">\(summary)</p>"), "\(context)")
    for script in drawn where script.kind != .good && script.kind != .failing {
      #expect(html.contains("<pre class=\"diagnostics bad\">\(script.name):"), "\(context)")
    }
    #expect(html.contains("class=\"summary \(expectedExit == 0 ? "ok" : "bad")\""), "\(context)")
  }

  /// The scripts and frames a summary line counts: `checked 2 scripts, 5 frames: …` or
  /// `checked 2 scripts: 1 passed, 1 with an error; 3 frames: …`.
  static func counts(in summary: String) -> (Int, Int)? {
    let words = summary.split(separator: " ")
    guard words.count > 2, let scripts = Int(words[1]) else { return nil }
    let index = words.firstIndex { $0 == "frames:" || $0 == "frame:" }
    guard let index, let frames = Int(words[index - 1]) else { return nil }
    return (scripts, frames)
  }
}
