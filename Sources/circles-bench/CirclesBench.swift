import Foundation

#if canImport(Glibc)
  import Glibc
#endif

// circles-bench: the workloads of BENCHMARKS.md run side by side against a C + Cairo reference,
// interleaved (ours, reference, ours, reference, …), reported as medians and ratios.
//
//   swift build -c release && .build/release/circles-bench [--runs N] [--quick] [--sweep]
//
// --runs N   runs of each short workload (default 7; the long ones run fewer times)
// --quick    fewer runs and no 5000-step reference run, for a first look
// --sweep    also time every zlib level, strategy and row filter on the W1 and W2 pictures
// --decoders only time PNG decoding (circles, libspng, Cairo) on the W3, W1 and W2 pictures
// --scenes D only write the W1, W2 and 5000-step W2 scripts (and the C reference's input) into D
// --history  only time what --sheet (1000 frames) and --animation (W2) add to a run
// --check    only the `circles check` workloads (CheckBench.swift), against `run` and goals
// --failing-check only a check whose 200 frames (800×600) all differ from their goldens, on
//            both cores against one (FailingCheckBench.swift)
// --language only the script language's workloads (LanguageBenchmark), which also end a full run
// --viewer   only `circles view` on a 5000-state history: its cost against `run`, the page's
//            size against the frames', and when Chromium shows it (needs Chromium)

@main
enum CirclesBench {
  static func main() throws {
    let arguments = Array(CommandLine.arguments.dropFirst())
    let quick = arguments.contains("--quick")
    let sweep = arguments.contains("--sweep")
    var shortRuns = quick ? 3 : 7
    if let index = arguments.firstIndex(of: "--runs"), index + 1 < arguments.count,
      let runs = Int(arguments[index + 1]), runs > 0
    {
      shortRuns = runs
    }
    let longRuns = quick ? 1 : 3

    let here = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
      .deletingLastPathComponent()
    let circles = here.appendingPathComponent("circles").path
    guard FileManager.default.isExecutableFile(atPath: circles) else {
      FileHandle.standardError.write(
        Data("circles-bench: build 'circles' first (swift build -c release)\n".utf8))
      return
    }
    let work = FileManager.default.temporaryDirectory.appendingPathComponent(
      "circles-bench-\(getpid())", isDirectory: true)
    try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    defer {
      let entries = (try? FileManager.default.contentsOfDirectory(atPath: work.path)) ?? []
      try? FileManager.default.removeItem(at: work)
      // On ext4 without a journal, files created in the next minutes step over the inodes
      // just freed (BENCHMARKS.md, "The command").
      if entries.contains(where: { $0.contains("-ours-") }) {
        FileHandle.standardError.write(
          Data(
            ("circles-bench: removed the runs' files; on ext4 without a journal, wait five "
              + "minutes before timing anything that writes many files\n").utf8))
      }
    }
    func path(_ name: String) -> String { work.appendingPathComponent(name).path }

    if arguments.contains("--language") {
      for line in try LanguageBenchmark.report(circles: circles, in: work.path, runs: shortRuns) {
        print(line)
      }
      return
    }

    if arguments.contains("--failing-check") {
      let bench = FailingCheckBench(circles: circles, folder: work, runs: shortRuns)
      for line in try bench.report() { print(line) }
      return
    }

    if arguments.contains("--check") {
      let rows = try CheckBench(circles: circles, folder: work, runs: shortRuns, quick: quick).run()
      print("| workload | circles check | against | ratio | goal | met |")
      print("|---|---|---|---|---|---|")
      for row in rows {
        print(
          "| \(row.workload) | \(row.measured) | \(row.reference) | "
            + String(
              format: "%.3f× | ≤ %.2f× | %@ |", row.ratio, row.goal,
              row.ratio <= row.goal ? "yes" : "no"))
      }
      return
    }

    // The C reference, built now from the sources beside this file.
    let referenceFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("reference")
    let reference = path("cairo-reference")
    let cairoVersion = path("cairo-version")
    guard
      Launcher.shell(
        "cc -O2 -o '\(reference)' '\(referenceFolder.path)/cairo-reference.c' "
          + "$(pkg-config --cflags --libs cairo)"),
      Launcher.shell(
        "cc -O2 -o '\(cairoVersion)' '\(referenceFolder.path)/cairo-version.c' "
          + "$(pkg-config --cflags --libs cairo)")
    else {
      FileHandle.standardError.write(Data("circles-bench: cannot build the C reference\n".utf8))
      return
    }

    func write(_ text: String, to name: String) -> String {
      try! text.write(toFile: path(name), atomically: true, encoding: .utf8)
      return path(name)
    }

    func progress(_ text: String) { FileHandle.standardError.write(Data((text + "\n").utf8)) }

    func duration(_ value: Double) -> String {
      value < 0.1 ? String(format: "%.2f ms", value * 1000) : String(format: "%.3f s", value)
    }
    func median(_ values: [Double]) -> Double {
      let sorted = values.sorted()
      return sorted.isEmpty ? .nan : sorted[sorted.count / 2]
    }

    // Every run writes into a new folder; all are removed when the benchmark ends. Removing
    // thousands of files shortly before a run made that run's files slower to create, by up to
    // a third of a 5000-step run, all of it system time: on ext4 without a journal (this
    // machine's file system) a new file's inode is found by stepping over every inode freed in
    // the last 30 seconds, and this virtual machine is slow to touch memory again once it has
    // been freed. Neither belongs to the program measured.
    var folders = 0
    func fresh(_ name: String) -> String {
      folders += 1
      let folder = path("\(name)-\(folders)")
      try! FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      return folder
    }

    /// Runs both sides interleaved; returns medians (seconds) and our largest peak memory.
    func compare(
      runs: Int, referenceRuns: Int? = nil, warmUp: Bool, ours: () -> (String, [String]),
      theirs: () -> (String, [String])
    ) -> (ours: Double, theirs: Double, memory: Int) {
      if warmUp {
        let (a, b) = ours()
        _ = Launcher.run(a, b)
        let (c, d) = theirs()
        _ = Launcher.run(c, d)
      }
      var mine: [Double] = []
      var other: [Double] = []
      var memory = 0
      for run in 0..<runs {
        let (program, args) = ours()
        let measure = Launcher.run(program, args)
        mine.append(measure.seconds)
        memory = max(memory, measure.peakMemory)
        progress("  circles " + duration(measure.seconds))
        if run < (referenceRuns ?? runs) {
          let (program, args) = theirs()
          other.append(Launcher.run(program, args).seconds)
          progress("  C       " + duration(other[other.count - 1]))
        }
      }
      return (median(mine), median(other), memory)
    }

    struct Line {
      var workload: String
      var ours: String
      var reference: String
      var ratio: String
      var goal: String
      var met: String
    }
    var table: [Line] = []
    func add(
      _ workload: String, _ result: (ours: Double, theirs: Double, memory: Int), goal: Double
    ) {
      let ratio = result.ours / result.theirs
      table.append(
        Line(
          workload: workload, ours: duration(result.ours), reference: duration(result.theirs),
          ratio: String(format: "%.3f×", ratio), goal: String(format: "≤ %.2f×", goal),
          met: ratio <= goal ? "yes" : "no"))
    }

    // --scenes <dir>: only write the scene scripts, for running them by hand.
    if let index = arguments.firstIndex(of: "--scenes"), index + 1 < arguments.count {
      let folder = arguments[index + 1]
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      let scenes = [
        ("w1.circles", Scene(width: 800, height: 600, count: 1000, seed: 1), true),
        ("w2.circles", Scene(width: 400, height: 300, count: 500, seed: 2), false),
        ("w5.circles", Scene(width: 400, height: 300, count: 5000, seed: 3), false),
      ]
      for (name, scene, grouped) in scenes {
        try scene.script(grouped: grouped).write(
          toFile: folder + "/" + name, atomically: true, encoding: .utf8)
        // The same circles for the C reference (`cairo-reference steps|draw <file>`).
        try scene.numbers.write(
          toFile: folder + "/" + name.replacingOccurrences(of: ".circles", with: ".txt"),
          atomically: true, encoding: .utf8)
      }
      return
    }

    if arguments.contains("--decoders") {
      try decoders(circles: circles, reference: reference, runs: max(shortRuns, 15), path: path)
      return
    }

    // --viewer: the history viewer's page of a 5000-state history.
    if arguments.contains("--viewer") {
      let scene = Scene(width: 400, height: 300, count: 4999, seed: 2)
      let result = try ViewerBenchmark.measure(
        circles: circles, work: work, script: write(scene.script(grouped: false), to: "v.circles"),
        runs: longRuns, opens: quick ? 3 : 5, progress: progress)
      let opening = result.opening.sorted()
      print("| 5000 states (W2 × 10) | run | view | ratio |")
      print("|---|---|---|---|")
      print(
        "| time | \(duration(result.run)) | \(duration(result.view)) | "
          + String(format: "%.2f×", result.view / result.run) + " |")
      print(
        String(
          format: "| size | %.1f MB of frames | %.1f MB page | %.3f× |",
          Double(result.frameBytes) / 1e6, Double(result.pageBytes) / 1e6,
          Double(result.pageBytes) / Double(max(1, result.frameBytes))))
      print(
        String(
          format: "Page shown in Chromium after %.0f ms (median of %d; %.0f–%.0f ms), goal 2000 ms",
          opening[opening.count / 2], opening.count, opening.first!, opening.last!))
      return
    }

    // --history: the contact sheet and the animation, against the same run without them.
    if arguments.contains("--history") {
      let w2 = Scene(width: 400, height: 300, count: 500, seed: 2)
      let thousand = Scene(width: 400, height: 300, count: 999, seed: 5)
      let rows = HistoryBenchmark.measure(
        circles: circles, work: work,
        sheetScript: write(thousand.script(grouped: false), to: "sheet.circles"),
        w2Script: write(w2.script(grouped: false), to: "w2.circles"), runs: shortRuns,
        progress: progress)
      print("| workload | without | with | ratio | goal | size |")
      print("|---|---|---|---|---|---|")
      for row in rows {
        let ratio = row.with / row.plain
        let goal =
          row.workload.hasPrefix("--sheet") ? (ratio <= 1.3 ? "≤ 1.3×: yes" : "≤ 1.3×: no") : ""
        print(
          "| \(row.workload) | \(duration(row.plain)) | \(duration(row.with)) | "
            + String(format: "%.2f×", ratio) + " | \(goal) | \(row.note) |")
      }
      print("Runs (medians): \(shortRuns) of each, interleaved.")
      return
    }

    // W1: one 800×600 frame of 1000 circles (the script groups them: the start frame and one more).
    let w1 = Scene(width: 800, height: 600, count: 1000, seed: 1)
    let w1Script = write(w1.script(grouped: true), to: "w1.circles")
    let w1Numbers = write(w1.numbers, to: "w1.txt")
    progress("W1…")
    let w1Result = compare(
      runs: shortRuns, warmUp: true,
      ours: { (circles, ["run", w1Script, "-o", fresh("w1-ours")]) },
      theirs: { (reference, ["draw", w1Numbers, path("w1-c.png")]) })
    add("W1: 800×600, 1000 circles, one PNG", w1Result, goal: 0.7)

    // W2: 400×300, 500 steps each adding a circle, a PNG after every step (and the start).
    let w2 = Scene(width: 400, height: 300, count: 500, seed: 2)
    let w2Script = write(w2.script(grouped: false), to: "w2.circles")
    let w2Numbers = write(w2.numbers, to: "w2.txt")
    progress("W2…")
    // circles takes a twentieth of the C program's time here: more of its runs steady the
    // median that the 5000-step ratio is taken against.
    let w2Result = compare(
      runs: shortRuns, referenceRuns: longRuns, warmUp: false,
      ours: { (circles, ["run", w2Script, "-o", fresh("w2-ours")]) },
      theirs: { (reference, ["steps", w2Numbers, fresh("w2-c")]) })
    add("W2: 400×300, 500 steps, 501 PNGs", w2Result, goal: 0.25)
    let w2Memory = Double(w2Result.memory) / 1_048_576

    // W2 with 5000 steps.
    let w5 = Scene(width: 400, height: 300, count: 5000, seed: 3)
    let w5Script = write(w5.script(grouped: false), to: "w5.circles")
    let w5Numbers = write(w5.numbers, to: "w5.txt")
    progress("W2 × 5000…")
    let w5Result = compare(
      runs: quick ? 1 : 5, referenceRuns: quick ? 0 : 1, warmUp: false,
      ours: { (circles, ["run", w5Script, "-o", fresh("w5-ours")]) },
      theirs: { (reference, ["steps", w5Numbers, fresh("w5-c")]) })
    if !quick { add("W2: 400×300, 5000 steps, 5001 PNGs", w5Result, goal: 0.25) }
    let growth = w5Result.ours / w2Result.ours

    // W3: two 1920×1080 PNGs written by Cairo, 5 circles changed, compared by `circles diff`.
    var w3 = Scene(width: 1920, height: 1080, count: 300, seed: 4)
    let w3First = write(w3.numbers, to: "w3-a.txt")
    for index in [10, 70, 150, 220, 290] {
      w3.circles[index].x += 40
      w3.circles[index].fill.0 &+= 90
    }
    let w3Second = write(w3.numbers, to: "w3-b.txt")
    _ = Launcher.run(reference, ["draw", w3First, path("w3-a.png")])
    _ = Launcher.run(reference, ["draw", w3Second, path("w3-b.png")])
    progress("W3…")
    let w3Result = compare(
      runs: shortRuns, warmUp: true,
      ours: { (circles, ["diff", path("w3-a.png"), path("w3-b.png")]) },
      theirs: { (reference, ["diff", path("w3-a.png"), path("w3-b.png")]) })
    add("W3: circles diff, two 1920×1080 PNGs", w3Result, goal: 0.6)

    // Start-up: circles --version against a C program that links Cairo and prints its version.
    progress("start-up…")
    let startResult = compare(
      runs: shortRuns * 3, warmUp: true, ours: { (circles, ["--version"]) },
      theirs: { (cairoVersion, []) })
    add("circles --version vs a C program linking Cairo", startResult, goal: 1.5)

    // The undo engine: a million operations in process, against a minimal C undo stack.
    progress("undo…")
    var swiftUndo: [Double] = []
    var cUndo: [Double] = []
    var swiftBytes = 0.0
    var cBytes = 0.0
    for _ in 0..<shortRuns {
      let mine = UndoBenchmark.run(operations: 1_000_000)
      swiftUndo.append(mine.seconds)
      swiftBytes = max(swiftBytes, mine.bytesPerEntry)
      let pipe = Pipe()
      let process = Process()
      process.executableURL = URL(fileURLWithPath: reference)
      process.arguments = ["undo", "1000000"]
      process.standardOutput = pipe
      try process.run()
      process.waitUntilExit()
      let fields = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        .split(separator: " ").compactMap {
          Double($0.trimmingCharacters(in: .whitespacesAndNewlines))
        }
      if fields.count == 2 {
        cUndo.append(fields[0])
        cBytes = fields[1]
      }
    }
    let undoRatio = median(swiftUndo) / median(cUndo)
    // W2 makes about one undo operation a step: the share of its time they would take.
    let undoShare = median(swiftUndo) / 1_000_000 * 500 / w2Result.ours
    table.append(
      Line(
        workload: "UndoKit: 1,000,000 register/undo/redo", ours: duration(median(swiftUndo)),
        reference: duration(median(cUndo)), ratio: String(format: "%.1f×", undoRatio),
        goal: "< 1 % of W2",
        met: undoShare < 0.01 ? String(format: "yes (%.3f %%)", undoShare * 100) : "no"))

    print("| workload | circles | C + Cairo | ratio | goal | met |")
    print("|---|---|---|---|---|---|")
    for line in table {
      print(
        "| \(line.workload) | \(line.ours) | \(line.reference) | \(line.ratio) | \(line.goal) | \(line.met) |"
      )
    }
    print("")
    print(
      String(
        format: "W2 peak memory: %.1f MiB (goal ≤ 64 MiB: %@)", w2Memory,
        w2Memory <= 64 ? "yes" : "no"))
    print(
      String(
        format: "W2 5000 steps / 500 steps: %.2f× (goal ≤ 11×: %@)", growth,
        growth <= 11 ? "yes" : "no"))
    print(
      String(
        format: "Undo history memory: %.0f bytes per entry (C stack: %.0f)", swiftBytes, cBytes))
    print(
      "Runs (medians): \(shortRuns) of each short workload and of circles on W2 (C: \(longRuns)), "
        + "\(quick ? 1 : 5) of circles on W2 × 5000 (C: \(quick ? 0 : 1)).")

    print("")
    print("The script language:")
    for line in try LanguageBenchmark.report(circles: circles, in: work.path, runs: shortRuns) {
      print(line)
    }

    if sweep {
      for (name, scene) in [("W2 final frame, 400×300", w2), ("W1 frame, 800×600", w1)] {
        print("")
        print("PNG encoding of the \(name):")
        print("| encoder | time | size |")
        print("|---|---|---|")
        for row in try PNGSweep.measure(try PNGSweep.image(of: scene), runs: 5) {
          print(
            String(
              format: "| %@ | %.2f ms | %d KB |", row.label, row.milliseconds, row.bytes / 1024))
        }
      }
    }
  }
}
