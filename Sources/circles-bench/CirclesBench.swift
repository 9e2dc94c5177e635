import Foundation

// circles-bench: the workloads of BENCHMARKS.md, each run side by side with what it is measured
// against (the C + Cairo reference, `circles run`, a library, a goal), interleaved, reported as
// one table of medians and ratios. `circles-bench --help` lists the sections and options.
//
//   swift build -c release && .build/release/circles-bench

@main
enum CirclesBench {
  static func main() async throws {
    // The benchmark's own helpers, run as processes of their own.
    let raw = Array(CommandLine.arguments.dropFirst())
    if raw.first == "--measure", raw.count >= 2 {
      let measure = Launcher.measure(raw[1], Array(raw.dropFirst(2)))
      print("\(measure.seconds) \(measure.peakMemory) \(measure.status) \(measure.userSeconds)")
      return
    }
    if raw.first == "--walk-in-process", raw.count == 3, let passes = Int(raw[1]),
      let runs = Int(raw[2])
    {
      print(try LanguageBenchmark.inProcess(passes: passes, runs: runs))
      return
    }
    if let printed = MachineryBench.runChild(raw) {
      print(printed)
      return
    }
    let options: BenchOptions
    do {
      guard let read = try BenchOptions(Array(CommandLine.arguments.dropFirst())) else {
        print(BenchOptions.usage, terminator: "")
        return
      }
      options = read
    } catch {
      FileHandle.standardError.write(Data("circles-bench: \(error)\n".utf8))
      exit(2)
    }

    let here = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
      .deletingLastPathComponent()
    let circles = here.appendingPathComponent("circles").path
    guard FileManager.default.isExecutableFile(atPath: circles) else {
      FileHandle.standardError.write(
        Data("circles-bench: build 'circles' first (swift build -c release)\n".utf8))
      exit(2)
    }
    if let stale = newerSource(than: circles) {
      FileHandle.standardError.write(
        Data(
          ("circles-bench: \(circles) is older than \(stale): build it again first "
            + "(swift build -c release)\n").utf8))
      exit(2)
    }
    do {
      try await run(options, circles: circles)
    } catch {
      FileHandle.standardError.write(Data("circles-bench: \(error)\n".utf8))
      exit(1)
    }
  }

  /// A source file of the libraries or the tool changed after `binary` was built, if any.
  static func newerSource(than binary: String) -> String? {
    let manager = FileManager.default
    let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent()
    guard let built = (try? manager.attributesOfItem(atPath: binary))?[.modificationDate] as? Date
    else { return nil }
    for path in (try? manager.subpathsOfDirectory(atPath: sources.path)) ?? []
    where path.hasSuffix(".swift") && !path.hasPrefix("circles-bench/") {
      let file = sources.appendingPathComponent(path).path
      if let changed = (try? manager.attributesOfItem(atPath: file))?[.modificationDate] as? Date,
        changed > built
      {
        return "Sources/" + path
      }
    }
    return nil
  }

  static func run(_ options: BenchOptions, circles: String) async throws {
    if let folder = options.scenesFolder {
      try writeScenes(into: folder)
      return
    }

    let work = FileManager.default.temporaryDirectory.appendingPathComponent(
      "circles-bench-\(getpid())", isDirectory: true)
    try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: work) }

    if let baseline = options.baseline {
      let bench = CoreBench(
        circles: circles, programs: try References(in: work), work: work, options: options)
      print(BenchRow.table(try bench.baselineRows(baseline)))
      return
    }

    let started = Date()
    let load = loadAverage()
    var rows: [BenchRow] = []
    var notes: [String] = []
    let runs = options.runs
    for section in options.sections {
      let sectionStart = DispatchTime.now()
      let folder = work.appendingPathComponent(section.rawValue)
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      switch section {
      case .core:
        rows += try CoreBench(
          circles: circles, programs: try References(in: folder), work: folder, options: options
        ).rows()
      case .encoders:
        rows += try PNGSweep.rows(runs: max(runs, 5))
        if options.sweep { notes += try sweepTables(runs: 5) }
      case .decoders:
        rows += try DecoderBenchmark.rows(
          circles: circles, reference: try References(in: folder).reference, runs: max(runs, 15),
          work: folder)
      case .language:
        rows += try LanguageBenchmark.rows(circles: circles, in: folder.path, runs: runs)
      case .longScripts:
        rows += try LongScriptBenchmark.rows(
          circles: circles, in: folder.path, runs: min(max(runs, 3), 5))
      case .history:
        func script(_ scene: Scene, _ name: String) throws -> String {
          let path = folder.appendingPathComponent(name).path
          try scene.script(grouped: false).write(toFile: path, atomically: true, encoding: .utf8)
          return path
        }
        rows += HistoryBenchmark.rows(
          circles: circles, work: folder,
          sheetScript: try script(Scene(width: 400, height: 300, count: 999, seed: 5), "s.circles"),
          w2Script: try script(Scene(width: 400, height: 300, count: 500, seed: 2), "w2.circles"),
          sixtyScript: try script(Scene(width: 400, height: 300, count: 60, seed: 2), "60.circles"),
          runs: runs, progress: Measures.progress)
      case .check:
        rows += try CheckBench(circles: circles, folder: folder, runs: runs, quick: options.quick)
          .rows()
      case .failingCheck:
        rows += try FailingCheckBench(circles: circles, folder: folder, runs: runs).rows()
      case .compare:
        rows += try CompareBench(circles: circles, folder: folder, runs: runs).rows()
      case .viewer:
        let script = folder.appendingPathComponent("v.circles").path
        try Scene(width: 400, height: 300, count: 4999, seed: 2).script(grouped: false)
          .write(toFile: script, atomically: true, encoding: .utf8)
        rows += ViewerBenchmark.rows(
          try await ViewerBenchmark.measure(
            circles: circles, work: folder, script: script, runs: options.longRuns,
            opens: options.quick ? 3 : 5, progress: Measures.progress))
      case .languageServer:
        rows += try LanguageServerBench.rows(circles: circles, runs: options.longRuns)
      case .preview:
        rows += PreviewBenchmark.rows(
          try await PreviewBenchmark.measure(
            circles: circles, work: folder,
            base: Scene(width: 400, height: 300, count: 60, seed: 2).script(grouped: false),
            edits: 20, progress: Measures.progress))
      case .review:
        let work = folder.appendingPathComponent("review", isDirectory: true)
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        rows += PreviewBenchmark.rows(
          try await PreviewBenchmark.measure(
            .review, circles: circles, work: work,
            base: Scene(width: 400, height: 300, count: 59, seed: 2).script(grouped: false),
            edits: 20, progress: Measures.progress), page: .review)
      case .machinery:
        rows += try MachineryBench.rows(circles: circles, work: folder, runs: runs)
      case .shards:
        rows += try ShardBench.rows(circles: circles, work: folder, runs: options.longRuns)
      }
      // Every section's files stay until the end: on ext4 without a journal, files created in
      // the minutes after many were removed take longer to create, by up to a third of a run.
      Measures.progress(
        String(format: "%@: %.0f s", section.rawValue, Measures.elapsed(since: sectionStart)))
    }

    print(BenchRow.table(rows))
    print("")
    print(
      "Started \(ISO8601DateFormatter().string(from: started)), "
        + String(format: "%.0f", Date().timeIntervalSince(started)) + " s; load average "
        + "\(load) at the start, \(loadAverage()) at the end; \(runs) runs of each short "
        + "workload, \(options.longRuns) of each long one\(options.quick ? " (--quick)" : "").")
    for note in notes { print("\n" + note) }
  }

  /// The three fields of `/proc/loadavg`.
  static func loadAverage() -> String {
    let text = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? ""
    return text.split(separator: " ").prefix(3).joined(separator: " ")
  }

  /// `--scenes`: the W1, W2 and W2 × 5000 scripts, the C reference's input for each, and W3's.
  static func writeScenes(into folder: String) throws {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let scenes = [
      ("w1", Scene(width: 800, height: 600, count: 1000, seed: 1), true),
      ("w2", Scene(width: 400, height: 300, count: 500, seed: 2), false),
      ("w5", Scene(width: 400, height: 300, count: 5000, seed: 3), false),
    ]
    for (name, scene, grouped) in scenes {
      try scene.script(grouped: grouped).write(
        toFile: folder + "/\(name).circles", atomically: true, encoding: .utf8)
      try scene.numbers.write(toFile: folder + "/\(name).txt", atomically: true, encoding: .utf8)
    }
    // W3's two pictures, for the C reference to draw (`cairo-reference draw w3-a.txt a.png`).
    var w3 = Scene.w3
    try w3.numbers.write(toFile: folder + "/w3-a.txt", atomically: true, encoding: .utf8)
    w3.changeFiveCircles()
    try w3.numbers.write(toFile: folder + "/w3-b.txt", atomically: true, encoding: .utf8)
  }

  /// `--sweep`: every encoder setting on the W2 and W1 pictures, one table each.
  static func sweepTables(runs: Int) throws -> [String] {
    try PNGSweep.pictures.map { name, scene in
      var lines = ["PNG encoding of the \(name):", "| encoder | time | size |", "|---|---|---|"]
      for row in try PNGSweep.measure(try PNGSweep.image(of: scene), runs: runs) {
        lines.append(
          String(format: "| %@ | %.2f ms | %d KB |", row.label, row.milliseconds, row.bytes / 1024))
      }
      return lines.joined(separator: "\n")
    }
  }
}
