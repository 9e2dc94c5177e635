import CirclesTestSupport
import Foundation
import Testing

/// docs/ci.md's workflows, read as the CI systems read them (PyYAML parses each), their
/// `circles` commands run as written: four shards started at once as processes, their blobs
/// merged, twice (the second run balanced by the first's times); the merged report opened in
/// Chromium and compared with the report of one unsharded check.
@Suite("docs/ci.md's workflows, run as written", .serialized, .timeLimit(.minutes(10)))
struct CIWorkflowTests {
  /// The YAML blocks of docs/ci.md, each parsed to JSON values.
  static func workflows() async throws -> [[String: Any]] {
    let page = try String(
      contentsOf: repositoryRoot.appendingPathComponent("docs/ci.md"), encoding: .utf8)
    let blocks = page.components(separatedBy: "```yaml\n").dropFirst().map {
      $0.components(separatedBy: "```")[0]
    }
    var parsed: [[String: Any]] = []
    for block in blocks {
      let python = Program(url: URL(fileURLWithPath: "/usr/bin/python3"))
      let outcome = try await python.run(
        ["-c", "import sys, json, yaml; print(json.dumps(yaml.safe_load(sys.stdin.read())))"],
        in: repositoryRoot, input: block)
      try #require(outcome.status == 0, "\(outcome)")
      parsed.append(
        try #require(
          try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any]))
    }
    return parsed
  }

  /// The lines of a list of steps' or scripts' commands that run circles.
  static func circlesCommands(_ lines: [String]) -> [String] {
    lines.flatMap { $0.split(separator: "\n").map(String.init) }
      .filter { $0.hasPrefix("circles ") }
  }

  /// A suite of eight scenes of different lengths, goldens recorded, two of them changed since.
  static func suite() async throws -> TemporaryFolder {
    let folder = try TemporaryFolder()
    for index in 0..<8 {
      try folder.write(
        "canvas 48x48\nrepeat \((index + 1) * 6) as i {\n  add at (i % 40),\(index * 5) r 3 "
          + "fill hsl(i * 20, 70, 50)\n}\n", to: "scenes/s\(index).circles")
    }
    let recorded = try await Executable.run(["check", "scenes", "--record"], in: folder.url)
    try #require(recorded.status == 0, "\(recorded)")
    for index in [2, 5] {
      try folder.write(
        "canvas 48x48 background #eeeeee\nrepeat \((index + 1) * 6) as i {\n  add at (i % 40),"
          + "\(index * 5) r 3 fill hsl(i * 20, 70, 50)\n}\n", to: "scenes/s\(index).circles")
    }
    return folder
  }

  /// Runs a command line as the CI system's shell would, with circles on the PATH.
  static func shell(
    _ command: String, in folder: URL, environment: [String: String]
  ) throws -> RunningProgram {
    let bin = try Executable.url.deletingLastPathComponent().path
    let path = bin + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
    return try Program(url: URL(fileURLWithPath: "/bin/sh")).start(
      ["-c", command], in: folder,
      environment: ["PATH": path, "CI": "true", "NO_COLOR": "1", "GITHUB_ACTIONS": ""]
        .merging(environment) { $1 })
  }

  /// What a run of a workflow's commands left: each shard's outcome, the merge's, the files.
  struct Run {
    var shards: [Executable.Outcome]
    var merge: Executable.Outcome
  }

  /// Runs the shards' command for each shard at once, then the merge's.
  static func run(
    shard: String, merge: String, count: Int, in folder: URL,
    environment: (Int) -> [String: String], mergeEnvironment: [String: String]
  ) async throws -> Run {
    let started = try (1...count).map { index in
      try shell(shard, in: folder, environment: environment(index))
    }
    var shards: [Executable.Outcome] = []
    for process in started { shards.append(await process.outcome()) }
    let merged = try await shell(merge, in: folder, environment: mergeEnvironment).outcome()
    return Run(shards: shards, merge: merged)
  }

  @Test("GitHub Actions and GitLab CI: four shards merged make the unsharded run's report")
  func workflowsAsWritten() async throws {
    let workflows = try await Self.workflows()
    try #require(workflows.count == 2, "docs/ci.md has a GitHub and a GitLab workflow")
    let github = try #require(workflows[0]["jobs"] as? [String: Any])
    let check = try #require(github["check"] as? [String: Any])
    let matrix = try #require(
      ((check["strategy"] as? [String: Any])?["matrix"] as? [String: Any])?["shard"] as? [Int])
    #expect(matrix == [1, 2, 3, 4])
    let steps = { (job: Any?) in
      ((job as? [String: Any])?["steps"] as? [[String: Any]] ?? []).compactMap {
        $0["run"] as? String
      }
    }
    let githubShards = Self.circlesCommands(steps(check))
    let githubMerges = Self.circlesCommands(steps(github["report"]))
    let githubShard = try #require(githubShards.first)
    let githubMerge = try #require(githubMerges.first)
    let gitlabJob = try #require(workflows[1]["goldens"] as? [String: Any])
    #expect(gitlabJob["parallel"] as? Int == 4)
    let gitlabShards = Self.circlesCommands(gitlabJob["script"] as? [String] ?? [])
    let gitlabShard = try #require(gitlabShards.first)
    let gitlabReport = workflows[1]["report"] as? [String: Any]
    let gitlabMerges = Self.circlesCommands(gitlabReport?["script"] as? [String] ?? [])
    let gitlabMerge = try #require(gitlabMerges.first)

    let folder = try await Self.suite()
    let whole = try await Executable.run(
      ["check", "scenes", "--report", "whole.html", "--junit", "whole.xml"], in: folder.url)
    #expect(whole.status == 1, "\(whole)")

    let runs: [(String, String, (Int) -> [String: String], [String: String])] = [
      (
        githubShard.replacingOccurrences(of: "${{ matrix.shard }}", with: "$SHARD"),
        githubMerge, { ["SHARD": "\($0)", "GITHUB_ACTIONS": "true"] },
        ["GITHUB_ACTIONS": "true"]
      ),
      (
        gitlabShard, gitlabMerge, { ["CI_NODE_INDEX": "\($0)", "CI_NODE_TOTAL": "4"] }, [:]
      ),
    ]
    let browser = try await HeadlessChromium(width: 900, height: 700)
    try await browser.open(folder.url.appendingPathComponent("whole.html"))
    let wholeText = try await browser.evaluate("document.body.innerText") as? String
    for (shard, merge, environment, mergeEnvironment) in runs {
      for round in 1...2 {
        for file in ["durations.tar"] where round == 1 {
          try? FileManager.default.removeItem(at: folder.url.appendingPathComponent(file))
        }
        let run = try await Self.run(
          shard: shard, merge: merge, count: 4, in: folder.url, environment: environment,
          mergeEnvironment: mergeEnvironment)
        // Each shard exits with its own scripts' verdict; the first run has no times yet.
        #expect(run.shards.allSatisfy { [0, 1].contains($0.status) }, "\(run.shards)")
        #expect(run.shards.contains { $0.status == 1 })
        #expect(
          run.shards.allSatisfy { $0.stderr.contains("note: no times in") == (round == 1) },
          "round \(round): \(run.shards.map(\.stderr))")
        #expect(run.shards.allSatisfy { !$0.stdout.contains("::error") })
        // The merge has the whole run's verdict, text and files.
        #expect(run.merge.status == whole.status, "\(run.merge)")
        #expect(
          run.merge.stdout.split(separator: "\n").filter { !$0.hasPrefix("::") }
            == (whole.stdout + "blob: durations.tar\n").replacingOccurrences(
              of: "report: whole.html\njunit: whole.xml\n",
              with: "report: report.html\njunit: junit.xml\n"
            ).split(separator: "\n"), "\(run.merge)\n\(whole)")
        let annotations = run.merge.stdout.split(separator: "\n").filter { $0.hasPrefix("::") }
        let failures = whole.stdout.split(separator: "\n").filter { $0.hasPrefix("  FAIL ") }
        #expect(!failures.isEmpty)
        #expect(
          annotations.count == (mergeEnvironment.isEmpty ? 0 : failures.count), "\(annotations)")
        #expect(
          try Data(contentsOf: folder.url.appendingPathComponent("report.html"))
            == Data(contentsOf: folder.url.appendingPathComponent("whole.html")))
        try await browser.open(folder.url.appendingPathComponent("report.html"))
        #expect(try await browser.evaluate("document.body.innerText") as? String == wholeText)
        let loaded =
          try await browser.evaluate(
            "[...document.images].filter(i => i.complete && i.naturalWidth > 0).length + '/' + "
              + "document.images.length") as? String
        let parts = (loaded ?? "").split(separator: "/")
        #expect(parts.count == 2 && parts[0] == parts[1] && parts[0] != "0", "\(loaded ?? "")")
      }
    }
  }
}
