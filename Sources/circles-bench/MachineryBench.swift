import CSpng
import CircleRender
import CircleSystem
import Dispatch
import Foundation
import Synchronization

/// Each hand-written mechanism of circles beside the standard way it stands in for: the worker
/// threads against Dispatch (`concurrentPerform`, `async`), `Locked` against `Mutex`, the
/// signal thread against a Dispatch signal source, `AtomicFile` against Foundation's atomic
/// write, `RawPath` against Foundation's listing and paths, and the PNG writer against Cairo's
/// and libspng's. What a mechanism gives that the standard way does not (ending where the other
/// hangs, a file kept where the other loses it) is measured in processes of their own
/// (`circles-bench --machinery-child <case>`), in an address space with no room for a thread.
enum MachineryBench {
  /// The argument that makes this program one of the measured processes.
  static let childFlag = "--machinery-child"
  /// How long a measured process may take before it counts as hung.
  static let patience = 10.0

  static func rows(circles: String, work: URL, runs: Int) throws -> [BenchRow] {
    var rows: [BenchRow] = []
    rows += performRows(runs: runs)
    rows += pipelineRows(runs: runs)
    rows += lockRows(runs: runs)
    rows.append(sanitizerRow(work: work))
    rows += noRoomRows()
    rows += try signalRows(circles: circles, work: work)
    rows += try fileRows(circles: circles, work: work, runs: runs)
    rows += try nameRows(work: work)
    rows += try encoderRows(runs: runs)
    return rows
  }

  // MARK: Threads

  /// About a fifth of a millisecond of arithmetic that cannot be skipped.
  static func work(_ seed: Int) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325 &+ UInt64(seed)
    for index in 0..<200_000 { hash = (hash ^ UInt64(index)) &* 0x100_0000_01b3 }
    return hash
  }

  /// Where iterations leave their results, one slot each, written by one thread each.
  final class Results: @unchecked Sendable {
    let slots: UnsafeMutableBufferPointer<UInt64>
    init(_ count: Int) { slots = .allocate(capacity: count) }
    deinit { slots.deallocate() }
  }

  static func seconds(_ body: () -> Void) -> Double {
    let start = DispatchTime.now()
    body()
    return Measures.elapsed(since: start)
  }

  /// The median of `runs` timings, the two ways interleaved.
  static func interleaved(runs: Int, _ first: () -> Void, _ second: () -> Void) -> (
    Double, Double
  ) {
    first()
    second()
    var a: [Double] = []
    var b: [Double] = []
    for _ in 0..<runs {
      a.append(seconds(first))
      b.append(seconds(second))
    }
    return (Measures.median(a), Measures.median(b))
  }

  static func performRows(runs: Int) -> [BenchRow] {
    let results = Results(64)
    let (ours, dispatch) = interleaved(
      runs: runs,
      {
        for _ in 0..<20 {
          WorkerThreads.shared.perform(iterations: 64) { results.slots[$0] = work($0) }
        }
      },
      {
        for _ in 0..<20 {
          DispatchQueue.concurrentPerform(iterations: 64) { results.slots[$0] = work($0) }
        }
      })
    let calls = 20_000
    let (oursEmpty, dispatchEmpty) = interleaved(
      runs: runs,
      { for _ in 0..<calls { WorkerThreads.shared.perform(iterations: 2) { _ in } } },
      { for _ in 0..<calls { DispatchQueue.concurrentPerform(iterations: 2) { _ in } } })
    return [
      BenchRow(
        "WorkerThreads.perform: 20 × 64 jobs of 0.2 ms", Measures.seconds(ours),
        Measures.seconds(dispatch) + " (concurrentPerform)", ratio: ours / dispatch,
        atMost: 1.1),
      // What a call adds is weighed against the work it spreads: a band of a PNG, an image
      // comparison, each of half a millisecond or more.
      BenchRow(
        "WorkerThreads.perform: one call of 2 empty iterations",
        String(format: "%.1f µs", oursEmpty / Double(calls) * 1e6),
        String(format: "%.1f µs (concurrentPerform)", dispatchEmpty / Double(calls) * 1e6),
        ratio: Measures.times(oursEmpty / dispatchEmpty), goal: "≤ 5 µs",
        met: oursEmpty / Double(calls) <= 5e-6),
    ]
  }

  /// 200 W2 frames encoded beside the calling thread, at most three at a time, as the frame
  /// pipeline gives them: on threads of a pool made for the run, or with Dispatch's `async`.
  static func pipelineRows(runs: Int) -> [BenchRow] {
    guard let image = try? PNGSweep.image(of: PNGSweep.pictures[0].1) else { return [] }
    let frames = 200
    let width = ProcessInfo.processInfo.activeProcessorCount + 1
    let sizes = Results(frames)
    func submit(_ enqueue: (@escaping @Sendable () -> Void) -> Void) {
      let slots = DispatchSemaphore(value: width)
      let group = DispatchGroup()
      for frame in 0..<frames {
        slots.wait()
        group.enter()
        enqueue {
          sizes.slots[frame] = UInt64((try? PNGWriter.encode(image))?.count ?? 0)
          slots.signal()
          group.leave()
        }
      }
      group.wait()
    }
    let (ours, dispatch) = interleaved(
      runs: max(3, runs / 2),
      {
        let pool = WorkerThreads(upTo: ProcessInfo.processInfo.activeProcessorCount)
        submit { pool.run($0) }
        pool.waitUntilIdle()
        pool.stop()
      },
      { submit { DispatchQueue.global().async(execute: $0) } })
    return [
      BenchRow(
        "frame pipeline's threads: 200 W2 frames encoded", Measures.seconds(ours),
        Measures.seconds(dispatch) + " (DispatchQueue.async)", ratio: ours / dispatch,
        atMost: 1.1)
    ]
  }

  static func lockRows(runs: Int) -> [BenchRow] {
    let increments = 500_000
    let locked = Locked(0)
    let mutex = Mutex(0)
    let (oursShared, mutexShared) = interleaved(
      runs: runs,
      {
        DispatchQueue.concurrentPerform(iterations: 2) { _ in
          for _ in 0..<increments { locked.withLock { $0 += 1 } }
        }
      },
      {
        DispatchQueue.concurrentPerform(iterations: 2) { _ in
          for _ in 0..<increments { mutex.withLock { $0 += 1 } }
        }
      })
    let (oursAlone, mutexAlone) = interleaved(
      runs: runs,
      { for _ in 0..<increments { locked.withLock { $0 += 1 } } },
      { for _ in 0..<increments { mutex.withLock { $0 += 1 } } })
    func perCall(_ seconds: Double, _ calls: Int) -> String {
      String(format: "%.1f ns", seconds / Double(calls) * 1e9)
    }
    // A lock is taken around a few field updates, next to work of a millisecond or more: what
    // matters is that a call stays well under a microsecond.
    return [
      BenchRow(
        "Locked: an increment, 2 threads contending", perCall(oursShared, 2 * increments),
        perCall(mutexShared, 2 * increments) + " (Mutex)",
        ratio: Measures.times(oursShared / mutexShared), goal: "≤ 200 ns",
        met: oursShared / Double(2 * increments) <= 200e-9),
      BenchRow(
        "Locked: an increment, one thread", perCall(oursAlone, increments),
        perCall(mutexAlone, increments) + " (Mutex)",
        ratio: Measures.times(oursAlone / mutexAlone), goal: "≤ 200 ns",
        met: oursAlone / Double(increments) <= 200e-9),
    ]
  }

  /// Races ThreadSanitizer reports in 3 runs of `reference/locks-under-tsan.swift` (a correct
  /// program) with each lock.
  static func sanitizerRow(work: URL) -> BenchRow {
    let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("reference/locks-under-tsan.swift").path
    let binary = work.appendingPathComponent("locks-under-tsan").path
    let what = "Locked under ThreadSanitizer: races reported in 3 runs of a correct program"
    guard
      Launcher.shell(
        "swiftc -O -sanitize=thread -module-cache-path '\(work.path)/cache' -o '\(binary)' "
          + "'\(source)'")
    else {
      return BenchRow(what, "not built", "—", ratio: "—", goal: "0", met: false)
    }
    func reports(_ lock: String) -> Int {
      let output = work.appendingPathComponent("tsan-\(lock).txt").path
      var count = 0
      for _ in 0..<3 {
        guard let pid = Launcher.spawn(binary, [lock], output: output) else { return -1 }
        _ = Launcher.waitForExit(pid, within: 60)
        let printed = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        guard printed.contains("400000") else { return -1 }
        count += printed.components(separatedBy: "WARNING: ThreadSanitizer").count - 1
      }
      return count
    }
    let ours = reports("nslock")
    let mutex = reports("mutex")
    return BenchRow(
      what, "\(ours) (NSLock)", "\(mutex) (Mutex)", ratio: "—", goal: "0", met: ours == 0)
  }

  // MARK: No room for a thread

  /// The processes of `noRoomRows`, which limit their address space to what they use first:
  /// `(circles' way, the standard way, what both do)`.
  static let noRoomCases = [
    ("perform-workers", "perform-dispatch", "8 jobs spread over the threads"),
    ("async-workers", "async-dispatch", "8 frame jobs given to other threads"),
  ]

  static func noRoomRows() -> [BenchRow] {
    noRoomCases.map { ours, standard, what in
      let mine = child(ours, limited: true)
      let theirs = child(standard, limited: true)
      return BenchRow(
        "no room for a thread's stack: \(what)", mine.text, theirs.text + " (Dispatch)",
        ratio: "—", goal: "ends", met: mine.ended)
    }
  }

  /// A measured process: how it ended, as the table shows it.
  struct ChildOutcome {
    var ended: Bool
    var text: String
  }

  /// Runs `circles-bench --machinery-child <name>` and waits for it to end, `patience` at most.
  static func child(_ name: String, limited: Bool) -> ChildOutcome {
    let output = FileManager.default.temporaryDirectory.appendingPathComponent(
      "machinery-\(getpid())-\(name).txt"
    ).path
    defer { unlink(output) }
    var arguments = [childFlag, name]
    if limited { arguments.append("limited") }
    guard let pid = Launcher.spawn(Launcher.benchmark, arguments, output: output) else {
      return ChildOutcome(ended: false, text: "could not start")
    }
    let start = DispatchTime.now()
    guard let status = Launcher.waitForExit(pid, within: patience) else {
      return ChildOutcome(
        ended: false, text: String(format: "hangs (killed after %.0f s)", patience))
    }
    let elapsed = Measures.elapsed(since: start)
    let printed = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
    guard status == 0 else {
      return ChildOutcome(
        ended: true, text: "fails (status \(status)) after \(milliseconds(elapsed))")
    }
    let note = printed.trimmingCharacters(in: .whitespacesAndNewlines)
    return ChildOutcome(
      ended: true, text: "ends in \(milliseconds(elapsed))" + (note.isEmpty ? "" : ", \(note)"))
  }

  static func milliseconds(_ seconds: Double) -> String {
    String(format: "%.0f ms", seconds * 1000)
  }

  /// `--machinery-child <case> [limited]`: one measured process; what it prints, or nil when
  /// the arguments are not a child's.
  static func runChild(_ arguments: [String]) -> String? {
    guard arguments.count >= 2, arguments[0] == childFlag else { return nil }
    if arguments.count > 2, arguments[2] == "limited" { limitAddressSpace() }
    let results = Results(8)
    switch arguments[1] {
    case "perform-workers":
      WorkerThreads.shared.perform(iterations: 8) { results.slots[$0] = work($0) }
      return "\(WorkerThreads.shared.count) threads"
    case "perform-dispatch":
      DispatchQueue.concurrentPerform(iterations: 8) { results.slots[$0] = work($0) }
      return ""
    case "async-workers":
      let pool = WorkerThreads(upTo: 2)
      for index in 0..<8 {
        let job: @Sendable () -> Void = { results.slots[index] = work(index) }
        if pool.count > 0 { pool.run(job) } else { job() }
      }
      pool.waitUntilIdle()
      pool.stop()
      return "\(pool.count) threads"
    case "async-dispatch":
      let group = DispatchGroup()
      for index in 0..<8 {
        DispatchQueue.global().async(group: group) { results.slots[index] = work(index) }
      }
      group.wait()
      return ""
    case "signal-dispatch":
      signal(SIGTERM, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: SIGTERM, queue: .global())
      source.setEventHandler { _exit(0) }
      source.resume()
      // The source is set up on a thread of Dispatch's, after `resume()` returns: a signal
      // that comes before is ignored, and lost.
      usleep(200_000)
      FileHandle.standardOutput.write(Data("ready\n".utf8))
      while true { sleep(1) }
    case "write-foundation":
      // Writes 8 MB atomically into the folder, over and over, until stopped.
      let data = Data(repeating: 7, count: 8 << 20)
      let url = URL(fileURLWithPath: arguments[2]).appendingPathComponent("frame.png")
      FileHandle.standardOutput.write(Data("ready\n".utf8))
      while true { try? data.write(to: url, options: .atomic) }
    default:
      return "unknown case '\(arguments[1])'"
    }
  }

  /// Limits the address space to what the process holds now and half a mebibyte: no thread's
  /// stack fits any more, as in a process that has used up a `ulimit -v`.
  static func limitAddressSpace() {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
      let pages = Int(text.split(separator: " ")[0])
    else { return }
    let bytes = rlim_t(pages * Int(sysconf(Int32(_SC_PAGESIZE))) + (512 << 10))
    var limit = rlimit(rlim_cur: bytes, rlim_max: bytes)
    setrlimit(Int32(RLIMIT_AS.rawValue), &limit)
  }

  // MARK: Signals

  /// Time from SIGTERM to the end of the process: `circles run --watch` (its signal thread)
  /// and a process with a Dispatch signal source, each with room for threads and without.
  static func signalRows(circles: String, work: URL) throws -> [BenchRow] {
    let folder = work.appendingPathComponent("signals")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let script = folder.appendingPathComponent("wheel.circles").path
    try """
    canvas 200x200
    repeat 12 as i {
      add at (100 + 60 * cos(i * 30)),(100 + 60 * sin(i * 30)) r 10 fill hsl(i * 30, 80, 50)
    }

    """.write(toFile: script, atomically: true, encoding: .utf8)
    func stop(_ program: String, _ arguments: [String], ready: String) -> ChildOutcome {
      let output = folder.appendingPathComponent("printed.txt").path
      guard let pid = Launcher.spawn(program, arguments, output: output) else {
        return ChildOutcome(ended: false, text: "could not start")
      }
      // A process that is not ready by then is stopped all the same.
      let wasReady = Launcher.waitForText(ready, in: output, within: patience / 2)
      let late = wasReady ? "" : String(format: "not set up after %.0f s, ", patience / 2)
      kill(pid, SIGTERM)
      let start = DispatchTime.now()
      guard let status = Launcher.waitForExit(pid, within: patience) else {
        return ChildOutcome(
          ended: false, text: late + String(format: "never ends (killed after %.0f s)", patience))
      }
      let elapsed = Measures.elapsed(since: start)
      return ChildOutcome(
        ended: status == 128 + SIGTERM || status == 0,
        text: late + "ends in \(String(format: "%.1f ms", elapsed * 1000))")
    }
    var rows: [BenchRow] = []
    for limited in [false, true] {
      // `ulimit -v 100000` leaves `circles run` no room for another thread's stack (the
      // memory-limit tests use it); the Dispatch process limits itself to what it holds.
      let watch =
        "cd \"$1\" && \(limited ? "ulimit -v 100000 && " : "")exec \"$0\" run "
        + "wheel.circles -o out --watch"
      let ours = stop(
        "/bin/sh", ["-c", watch, circles, folder.path], ready: " frames in out: ")
      var arguments = [childFlag, "signal-dispatch"]
      if limited { arguments.append("limited") }
      let dispatch = stop(Launcher.benchmark, arguments, ready: "ready")
      rows.append(
        BenchRow(
          "StopSignals: SIGTERM to the end of the process"
            + (limited ? ", no room for a thread" : ""), ours.text,
          dispatch.text + " (Dispatch signal source)", ratio: "—", goal: "ends",
          met: ours.ended))
    }
    return rows
  }

  // MARK: Files

  static func fileRows(circles: String, work: URL, runs: Int) throws -> [BenchRow] {
    let folder = work.appendingPathComponent("files")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let data = Data((0..<(64 << 10)).map { UInt8(truncatingIfNeeded: $0 &* 31) })
    let ours = folder.appendingPathComponent("ours.png")
    let theirs = folder.appendingPathComponent("theirs.png")
    let writes = 50
    var rows: [BenchRow] = []
    // With the folder flushed too (a file a user names), and without (frames, whose folder is
    // flushed once at the end), against Foundation, which flushes the file only.
    for syncingFolder in [true, false] {
      let (oursTime, theirsTime) = interleaved(
        runs: runs,
        {
          for _ in 0..<writes {
            try? AtomicFile.write(data, to: ours, syncingFolder: syncingFolder)
          }
        },
        { for _ in 0..<writes { try? data.write(to: theirs, options: .atomic) } })
      rows.append(
        BenchRow(
          "AtomicFile: one write of 64 KB, "
            + (syncingFolder ? "file and folder flushed" : "file flushed"),
          Measures.seconds(oursTime / Double(writes)),
          Measures.seconds(theirsTime / Double(writes)) + " (Data.write .atomic)",
          ratio: oursTime / theirsTime, atMost: syncingFolder ? 2 : 1.25))
    }
    rows.append(try linkRow(folder: folder, data: data))
    rows.append(try fifoRow(folder: folder, data: data))
    rows += try stoppedWriteRows(circles: circles, folder: folder)
    return rows
  }

  /// What a write at `link.png`, a link to `real.png`, does to both.
  static func linkRow(folder: URL, data: Data) throws -> BenchRow {
    func outcome(_ write: (URL) throws -> Void) -> String {
      let link = folder.appendingPathComponent("link.png")
      let real = folder.appendingPathComponent("real.png")
      try? FileManager.default.removeItem(at: link)
      try? Data("old".utf8).write(to: real)
      try? FileManager.default.createSymbolicLink(at: link, withDestinationURL: real)
      do { try write(link) } catch { return "refused" }
      let stillLink = FolderHandle.isLink(atPath: link.path)
      let realChanged = (try? Data(contentsOf: real)) != Data("old".utf8)
      return stillLink
        ? (realChanged ? "link followed" : "nothing written")
        : (realChanged ? "link replaced, its file changed" : "link replaced")
    }
    let ours = outcome { try AtomicFile.write(data, to: $0) }
    let theirs = outcome { try data.write(to: $0, options: .atomic) }
    return BenchRow(
      "AtomicFile: the target is a link to a file", ours, theirs + " (Data.write .atomic)",
      ratio: "—", goal: "link replaced", met: ours == "link replaced")
  }

  /// What a write at a named pipe with a reader does: the bytes the reader gets, and whether
  /// the pipe is still there.
  static func fifoRow(folder: URL, data: Data) throws -> BenchRow {
    func outcome(_ write: @escaping @Sendable (URL) throws -> Void) -> (String, Bool) {
      let fifo = folder.appendingPathComponent("pipe")
      unlink(fifo.path)
      mkfifo(fifo.path, 0o644)
      let received = Locked(0)
      let reader = DispatchGroup()
      DispatchQueue.global().async(group: reader) {
        // Non-blocking, so that a pipe nobody writes to is read as empty once the write ends.
        let descriptor = open(fifo.path, O_RDONLY | O_NONBLOCK)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var idle = 0
        while idle < 200 {
          let count = read(descriptor, &buffer, buffer.count)
          if count > 0 {
            received.withLock { $0 += count }
            idle = 0
          } else {
            idle += 1
            usleep(5000)
          }
        }
      }
      usleep(20_000)
      var failed = false
      do { try write(fifo) } catch { failed = true }
      reader.wait()
      let stillPipe = FolderHandle.status(atPath: fifo.path)?.kind == S_IFIFO
      let text =
        failed
        ? "refused"
        : "reader got \(received.withLock { $0 }) bytes, "
          + (stillPipe ? "pipe kept" : "pipe replaced by a file")
      return (text, stillPipe && !failed && received.withLock { $0 } == data.count)
    }
    let ours = outcome { try AtomicFile.write(data, to: $0) }
    let theirs = outcome { try data.write(to: $0, options: .atomic) }
    return BenchRow(
      "AtomicFile: the target is a named pipe with a reader", ours.0,
      theirs.0 + " (Data.write .atomic)", ratio: "—", goal: "written through", met: ours.1)
  }

  /// Temporary files left after a writer is stopped by SIGINT or SIGKILL, 10 times each, at a
  /// different moment each time: `circles run` writing 81 frames of 1000×1000 and their
  /// animation (a file written from the first frame to the last, about a second and a half),
  /// and a process writing 8 MB files one after another with `Data.write(options: .atomic)`.
  static func stoppedWriteRows(circles: String, folder: URL) throws -> [BenchRow] {
    let script = folder.appendingPathComponent("big.circles").path
    try """
    canvas 1000x1000
    repeat 80 as i {
      add at (i * 12),(i * 12) r 200 fill hsl(i * 30, 80, 50)
    }

    """.write(toFile: script, atomically: true, encoding: .utf8)
    let rounds = 10
    func leftovers(signal number: Int32, ours: Bool) -> (temporary: Int, broken: Int, whole: Int) {
      var temporary = 0
      var broken = 0
      var wholeFiles = 0
      for round in 0..<rounds {
        let out = folder.appendingPathComponent("stopped-\(ours)-\(number)-\(round)")
        try? FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let printed = folder.appendingPathComponent("stopped.txt").path
        let pid =
          ours
          ? Launcher.spawn(
            circles, ["run", script, "-o", out.path, "--animation", out.path + "/anim.png"],
            output: printed)
          : Launcher.spawn(
            Launcher.benchmark, [childFlag, "write-foundation", out.path], output: printed)
        guard let pid else { continue }
        // The first frames are written after the start-up; stopped at a different moment of
        // the writes each round.
        if !ours { _ = Launcher.waitForText("ready", in: printed, within: patience) }
        usleep(UInt32(150_000 + round * 90_000))
        kill(pid, number)
        _ = Launcher.waitForExit(pid, within: patience)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: out.path)) ?? []
        for name in names {
          if ours ? name.hasPrefix(".circles-") && name.hasSuffix(".tmp") : !name.hasSuffix(".png")
          {
            temporary += 1
          } else if name.hasSuffix(".png") {
            let file = out.appendingPathComponent(name)
            let bytes = (try? Data(contentsOf: file)) ?? Data()
            // A frame ends with its IEND chunk; Foundation's files are 8 MB.
            let whole =
              ours
              ? Data(bytes.suffix(12).prefix(8)) == Data([0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44])
              : bytes.count == 8 << 20
            if whole { wholeFiles += 1 } else { broken += 1 }
          }
        }
      }
      return (temporary, broken, wholeFiles)
    }
    var rows: [BenchRow] = []
    for (number, name) in [(SIGINT, "SIGINT"), (SIGKILL, "SIGKILL")] {
      let ours = leftovers(signal: number, ours: true)
      let theirs = leftovers(signal: number, ours: false)
      func text(_ counts: (temporary: Int, broken: Int, whole: Int)) -> String {
        "\(counts.temporary) temporary files, \(counts.broken) partial, \(counts.whole) whole"
      }
      rows.append(
        BenchRow(
          "TemporaryFiles: \(rounds) writers stopped by \(name) mid-write", text(ours),
          text(theirs) + " (Data.write .atomic)", ratio: "—",
          goal: number == SIGINT ? "none left" : "none partial",
          met: ours.broken == 0 && (number != SIGINT || ours.temporary == 0)))
    }
    return rows
  }

  // MARK: Names

  /// A folder of 20 files, 10 of whose names are not UTF-8: how many of those each way finds
  /// by listing, opens and deletes.
  static func nameRows(work: URL) throws -> [BenchRow] {
    let folder = work.appendingPathComponent("names")
    func fill() {
      try? FileManager.default.removeItem(at: folder)
      try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      for index in 0..<10 {
        // `frame-<n>.png`, and `caf<é in Latin-1>-<n><0xFF>`.
        let names = [
          Array("frame-\(index).png".utf8),
          Array("caf".utf8) + [0xE9, 0x2D, 0x30 + UInt8(index), 0xFF],
        ]
        for bytes in names {
          let path = (Array(folder.path.utf8) + [UInt8(ascii: "/")] + bytes + [0]).map {
            CChar(bitPattern: $0)
          }
          let descriptor = open(path, O_WRONLY | O_CREAT, 0o644)
          if descriptor >= 0 {
            _ = write(descriptor, "x", 1)
            close(descriptor)
          }
        }
      }
    }
    func remaining() -> Int {
      guard let handle = try? FolderHandle(opening: folder) else { return -1 }
      return ((try? handle.entries()) ?? []).count
    }
    fill()
    var oursOpened = 0
    if let handle = try? FolderHandle(opening: folder) {
      for entry in (try? handle.entries()) ?? [] where RawPath.holdsRawBytes(entry.name) {
        if let file = try? handle.openFile(entry.name), file.contents() == Data("x".utf8) {
          oursOpened += 1
        }
        try? handle.remove(entry.name)
      }
    }
    let oursDeleted = 20 - remaining()
    fill()
    var theirsOpened = 0
    let manager = FileManager.default
    for name in (try? manager.contentsOfDirectory(atPath: folder.path)) ?? []
    where !name.hasPrefix("frame-") {
      let path = folder.appendingPathComponent(name).path
      if manager.contents(atPath: path) == Data("x".utf8) { theirsOpened += 1 }
      try? manager.removeItem(atPath: path)
    }
    let theirsDeleted = 20 - remaining()
    return [
      BenchRow(
        "RawPath: 10 files whose names are not UTF-8, opened and deleted",
        "\(oursOpened) opened, \(oursDeleted) deleted",
        "\(theirsOpened) opened, \(theirsDeleted) deleted (FileManager)", ratio: "—",
        goal: "10 and 10", met: oursOpened == 10 && oursDeleted == 10)
    ]
  }

  // MARK: PNG

  /// The W1 frame encoded by circles' writer at its default compression, by Cairo's writer,
  /// and by libspng (its default compression and filters, from the RGB samples).
  static func encoderRows(runs: Int) throws -> [BenchRow] {
    let image = try PNGSweep.image(of: PNGSweep.pictures[1].1)
    var samples = [UInt8](repeating: 0, count: image.width * image.height * 3)
    func spng() throws -> Data {
      for (index, pixel) in image.pixels.enumerated() {
        samples[3 * index] = UInt8(truncatingIfNeeded: pixel >> 16)
        samples[3 * index + 1] = UInt8(truncatingIfNeeded: pixel >> 8)
        samples[3 * index + 2] = UInt8(truncatingIfNeeded: pixel)
      }
      return try PNGKindsBenchmark.encode(
        width: image.width, height: image.height, colourType: 2, bitDepth: 8,
        interlaced: false, samples: samples, palette: [], alphas: [])
    }
    precondition(image.pixels.allSatisfy { $0 >> 24 == 0xFF }, "the W1 frame is opaque")
    let runs = max(runs, 5)
    let ours = try PNGSweep.time(runs: runs) { try PNGWriter.encode(image) }
    let cairo = try PNGSweep.time(runs: runs) { try PNGCodec.encode(image) }
    let libspng = try PNGSweep.time(runs: runs) { try spng() }
    func text(_ result: (Double, Int)) -> String {
      String(format: "%.1f ms, %d KB", result.0, result.1 / 1024)
    }
    return [
      BenchRow(
        "PNG writer: the W1 frame, 800×600", text(ours),
        text(cairo) + " (Cairo), " + text(libspng) + " (libspng)",
        ratio: ours.0 / min(cairo.0, libspng.0), atMost: 0.5)
    ]
  }
}
