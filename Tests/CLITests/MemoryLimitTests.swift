import CirclesTestSupport
import Foundation
import Testing

/// `circles run` and `circles check` in an address space too small to encode their frames: the
/// 8000×8000 picture is drawn (256 MB), but its PNG scanlines (192 MB) cannot be had within
/// 512 MiB. The encoder's shortage is an error at the command, exit 2, never a trap.
///
/// A binary built with a sanitizer reserves terabytes of address space and cannot start under
/// `ulimit -v`, so `scripts/test-sanitizers` leaves these tests (and `circles diff`'s) to the
/// plain suite.
@Suite("Frames too large for the memory left")
struct MemoryLimitTests {
  static let script = "canvas 8000x8000\nadd a at 100,100 r 50 fill red\n"

  static let error = """
    big.circles:1:1: error: cannot write frame '0000-start': not enough memory to encode a \
    8000×8000 PNG file
    canvas 8000x8000
    ^~~~~~~~~~~~~~~~

    """

  @Test(
    "an allocation the encoder cannot make is a located error with exit 2",
    arguments: [
      (["run", "big.circles", "-o", "out"], ""),
      (
        ["check", "big.circles"],
        """
        ERROR big.circles: 1 error; no frame checked
          big.circles:1:1: error: cannot write frame '0000-start': not enough memory to encode a \
        8000×8000 PNG file
        checked 1 script: 0 passed, 1 with an error; 0 frames: 0 passed

        """
      ),
    ])
  func encoderShortage(arguments: [String], stdout: String) async throws {
    let folder = try TemporaryFolder()
    try folder.write(Self.script, to: "big.circles")
    let outcome = try await DiffCommandTests.run(limitedTo: 512 << 10, arguments, in: folder.url)
    #expect(outcome.status == 2, "\(outcome)")
    #expect(outcome.stdout == stdout, "\(outcome)")
    #expect(outcome.stderr == Self.error, "\(outcome)")
    #expect(!folder.allFiles(in: ".").contains { $0.hasSuffix(".png") || $0.hasSuffix(".tmp") })
  }

  /// Fifteen small frames: enough for the frames after the first to be encoded and written
  /// beside the drawing.
  static let wheel = """
    canvas 200x200
    repeat 12 as i {
      add at (100 + 60 * cos(i * 30)),(100 + 60 * sin(i * 30)) r 10 fill hsl(i * 30, 80, 50)
    }
    undo 2
    redo

    """

  @Test(
    "in an address space with no room for another thread's stack, a run still ends",
    // Near the binary's own mapping (about 130 MB for a debug build: libarchive brings
    // libxml2 and ICU's 31 MB of data, mapped and never read), so that threads have no room.
    arguments: [140_000, 150_000, 160_000])
  func noRoomForThreads(kilobytes: Int) async throws {
    let folder = try TemporaryFolder()
    try folder.write(Self.wheel, to: "wheel.circles")
    let outcome = try await DiffCommandTests.run(
      limitedTo: kilobytes, ["run", "wheel.circles", "-o", "out"], in: folder.url, within: 120)
    try #require(!outcome.hung, "\(outcome)")
    let files = folder.allFiles(in: "out")
    #expect(!files.contains { $0.hasSuffix(".tmp") }, "\(files)")
    if outcome.status == 0 {
      #expect(outcome.stdout.hasPrefix("15 frames written to out (11 circles, "), "\(outcome)")
      #expect(outcome.stderr == "", "\(outcome)")
      #expect(files.filter { !TemporaryFolder.bookkeeping.contains($0) }.count == 15, "\(files)")
    } else {
      // The frames the memory left no room for are an error at their command.
      // Standard output says where the run stopped, when a frame was written before.
      #expect(outcome.status == 2, "\(outcome)")
      #expect(
        outcome.stdout == "" || outcome.stdout.hasPrefix("run stopped by the error at line "),
        "\(outcome)")
      #expect(outcome.stderr.hasPrefix("wheel.circles:"), "\(outcome)")
      #expect(outcome.stderr.contains(": error: cannot write frame '"), "\(outcome)")
      #expect(outcome.stderr.contains("': not enough memory to "), "\(outcome)")
    }
  }

  @Test("in an address space with no room for another thread's stack, SIGTERM ends a watch")
  func stopsWithoutRoom() async throws {
    let folder = try TemporaryFolder()
    try folder.write(Self.wheel, to: "wheel.circles")
    let output = folder.url.appendingPathComponent("printed.txt").path
    let pid = try Spawn.start(
      URL(fileURLWithPath: "/bin/sh"),
      [
        "-c", "cd \"$1\" && ulimit -v 140000 && exec \"$0\" run wheel.circles -o out --watch",
        try Executable.url.path, folder.url.path,
      ], output: output)
    defer { kill(pid, SIGKILL) }
    var printed = ""
    _ = await eventually {
      printed = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
      return printed.contains(" frames in out: ")
    }
    try #require(
      printed.hasPrefix(
        "watching wheel.circles for changes; press Ctrl-C to stop\n"
          + "15 frames in out: 15 rewritten (11 circles, "), "\(printed)")
    kill(pid, SIGTERM)
    var status: Int32 = 0
    let ended = await eventually { waitpid(pid, &status, WNOHANG) == pid }
    try #require(ended, "still running a minute after SIGTERM")
    #expect(status & 0x7f == SIGTERM, "status \(status)")
    #expect(!folder.allFiles(in: "out").contains { $0.hasSuffix(".tmp") })
  }

  /// Eighty frames of 512×512 whose every pixel differs from its golden: each comparison
  /// decodes two images and makes a diff and a strip (about 3 MB of encoder memory a frame),
  /// which a check let go of only once every frame was compared, so that they took 260 MB more
  /// than the 150 MB of data the whole check needs; now each is let go of when its artifacts
  /// are written.
  @Test("a check whose every frame fails holds no more memory for eighty frames than for a few")
  func failingFrames() async throws {
    let folder = try TemporaryFolder()
    let script = """
      canvas 512x512 background #ffffff
      repeat 80 as i {
        add at (i * 6),(i * 6) r 40 fill hsl(i * 37, 80, 50)
      }

      """
    try folder.write(script, to: "s.circles")
    let record = try await Executable.run(["check", "s.circles", "--record"], in: folder.url)
    try #require(record.status == 0, "\(record)")
    try folder.write(script.replacingOccurrences(of: "#ffffff", with: "#eeeeee"), to: "s.circles")
    // A bound on the data the process writes (`ulimit -d`), not on its address space: the
    // allocator's reservations for its threads, which vary with the machine's load, stay out.
    let outcome = try await Executable.run(
      program: URL(fileURLWithPath: "/bin/sh"),
      [
        "-c", "ulimit -d 250000; exec \"$0\" \"$@\"", try Executable.url.path, "check", "s.circles",
      ],
      in: folder.url, environment: ["NO_COLOR": "1"])
    #expect(outcome.status == 1, "\(outcome)")
    #expect(
      outcome.stdout.hasSuffix("checked 1 script, 81 frames: 0 passed, 81 failed\n"), "\(outcome)")
    #expect(!outcome.stderr.contains("memory") && !outcome.stdout.contains("memory"), "\(outcome)")
    #expect(folder.files(in: ".circles-artifacts/s").count == 3 * 81)
  }

  /// 16384×16384 is the largest canvas: its drawing takes 1 GiB, and an animation of it 3 GiB
  /// more (the picture shown, the first frame compared whole, the encoder's copy), which
  /// 2.5 GB of address space cannot give; 4096×4096 takes a sixteenth of that.
  @Test(
    "an animation of a canvas too large for the memory is an error at the canvas line",
    arguments: ["a.png", "a.gif"])
  func animationTooLarge(file: String) async throws {
    let folder = try TemporaryFolder()
    try folder.write("canvas 16384x16384\n", to: "huge.circles")
    try folder.write("canvas 4096x4096\nadd a at 100,100 r 50 fill red\n", to: "large.circles")
    let huge = try await DiffCommandTests.run(
      limitedTo: 2_500_000,
      ["run", "huge.circles", "-o", "out", "--frames", "none", "--animation", file],
      in: folder.url)
    #expect(huge.status == 2, "\(huge)")
    #expect(huge.stdout.hasPrefix("no frames written (--frames none; 0 circles, "), "\(huge)")
    #expect(
      huge.stderr == """
        huge.circles:1:1: error: cannot write frame '0000-start': not enough memory to animate a \
        16384×16384 canvas (3072 MiB besides the drawing); allow the process more memory, or \
        animate a smaller canvas
        canvas 16384x16384
        ^~~~~~~~~~~~~~~~~~

        """, "\(huge)")
    #expect(!folder.allFiles(in: ".").contains { $0.hasSuffix(file) || $0.hasSuffix(".tmp") })
    let large = try await DiffCommandTests.run(
      limitedTo: 2_500_000,
      ["run", "large.circles", "-o", "out", "--frames", "none", "--animation", file],
      in: folder.url)
    #expect(large.status == 0, "\(large)")
    #expect(large.stderr == "", "\(large)")
    #expect(folder.files(in: ".").contains(file))
  }

  @Test("a check of a changed canvas too large for the memory is an error at the canvas line")
  func checkTooLarge() async throws {
    let folder = try TemporaryFolder()
    try folder.write("canvas 16384x16384 background #eeeeee\n", to: "c.circles")
    try folder.write("", to: "__snapshots__/c/.keep")
    try DiffCommandTests.hugePNG().write(
      to: folder.url.appendingPathComponent("__snapshots__/c/0000-start.png"))
    let outcome = try await DiffCommandTests.run(
      limitedTo: 2_500_000, ["check", "c.circles"], in: folder.url)
    #expect(outcome.status == 2, "\(outcome)")
    #expect(
      outcome.stderr.hasPrefix(
        """
        c.circles:1:1: error: frame 0000-start: cannot compare image '0000-start': not enough \
        memory for two 16384x16384 images (2048 MiB); allow the process more memory, or draw a \
        smaller canvas
        canvas 16384x16384 background #eeeeee
        ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~

        """), "\(outcome)")
  }
}

/// What the undo history keeps is bounded, whatever a script's loops make: a group around a
/// loop of a hundred million moves stops with an error at the change past the bound, in an
/// address space that could not hold the history it would otherwise keep.
@Suite("The undo history within the memory it is given")
struct KeptChangesLimitTests {
  static let script = """
    canvas 64x64
    add a at 10,10 r 5
    group "g" {
      repeat 100000000 {
        move a by 0,0
      }
    }

    """

  /// Every command that runs a script to its end takes `--max-undo`, and stops there alike.
  @Test(
    "a group of 10^8 moves under 1 GB of address space: a located error, exit 2, no abort",
    arguments: [
      ["run", "big.circles", "--frames", "none"], ["check", "big.circles"],
      ["history", "big.circles"], ["view", "big.circles"],
    ])
  func groupOfMoves(command: [String]) async throws {
    let folder = try TemporaryFolder()
    try folder.write(Self.script, to: "big.circles")
    let outcome = try await DiffCommandTests.run(
      limitedTo: 1 << 20, command + ["--max-undo", "300000"], in: folder.url)
    #expect(outcome.status == 2, "\(outcome)")
    #expect(
      outcome.stderr.hasPrefix(
        "big.circles:5:5: error: the undo history would keep more than 300000 changes"),
      "\(outcome)")
    #expect(outcome.stderr.contains("note: in iteration 300000 of this repeat"), "\(outcome)")
  }

  @Test("--max-undo is read by the commands that run scripts, one below the bound passing")
  func boundOnEachCommand() async throws {
    let folder = try TemporaryFolder()
    try folder.write(
      "add a at 1,1 r 1\ngroup \"g\" {\n  repeat 4 {\n    move a by 1,0\n  }\n}\n", to: "g.circles")
    for command in [
      ["run", "g.circles"], ["check", "g.circles", "--record"], ["history", "g.circles"],
      ["view", "g.circles"],
    ] {
      let passing = try await Executable.run(command + ["--max-undo", "5"], in: folder.url)
      #expect(passing.status == 0, "\(passing)")
      let stopped = try await Executable.run(command + ["--max-undo=4"], in: folder.url)
      #expect(stopped.status == 2, "\(stopped)")
      #expect(
        stopped.stderr.hasPrefix(
          "g.circles:4:5: error: the undo history would keep more than 4 changes"), "\(stopped)")
      let refused = try await Executable.run(command + ["--max-undo", "-1"], in: folder.url)
      #expect(
        refused.status == 2
          && refused.stderr.contains("--max-undo takes a whole number ≥ 0, not '-1'"), "\(refused)")
    }
  }

  /// The language server runs a document's script within its time budget and a memory budget
  /// of its own: the group's run is cut short, the diagnostics say where, and a completion is
  /// answered, all in an address space that the history the group asks for could not fit in.
  @Test("the language server answers a group of 10^8 moves within its budgets, in 1 GB")
  func languageServer() async throws {
    let folder = try TemporaryFolder()
    func framed(_ body: String) -> String { "Content-Length: \(body.utf8.count)\r\n\r\n\(body)" }
    let text = Self.script.replacingOccurrences(of: "\n", with: "\\n")
      .replacingOccurrences(of: "\"", with: "\\\"")
    let messages = [
      #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#,
      #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///big.circles","languageId":"circles","version":1,"text":"\#(text)"}}}"#,
      #"{"jsonrpc":"2.0","id":2,"method":"textDocument/completion","params":{"textDocument":{"uri":"file:///big.circles"},"position":{"line":4,"character":9}}}"#,
      #"{"jsonrpc":"2.0","id":3,"method":"shutdown"}"#,
      #"{"jsonrpc":"2.0","method":"exit"}"#,
    ]
    try folder.write(messages.prefix(2).map(framed).joined(), to: "opening")
    try folder.write(messages.dropFirst(2).map(framed).joined(), to: "closing")
    // The rest is sent once the document's diagnostics are out (at most five minutes later):
    // diagnostics are put off while more messages wait.
    let session = """
      ulimit -v \(1 << 20)
      { cat opening; i=0
        while ! grep -q publishDiagnostics replies 2>/dev/null && [ $i -lt 3000 ]; do sleep 0.1; i=$((i+1)); done
        cat closing; } | "$0" lsp > replies
      """
    let shell = Program(url: URL(fileURLWithPath: "/bin/sh"))
    let process = try shell.start(
      ["-c", session, try Executable.url.path], in: folder.url, environment: ["NO_COLOR": "1"])
    let outcome = await process.outcome()
    let replies = try String(
      contentsOf: folder.url.appendingPathComponent("replies"), encoding: .utf8)
    #expect(outcome.status == 0, "\(outcome)")
    #expect(outcome.stderr == "", "\(outcome)")
    #expect(replies.contains(#""id":2,"jsonrpc":"2.0","result":[{"#), "\(replies)")
    #expect(replies.contains(#""label":"a""#), "\(replies)")
    // Cut short inside the group, at the move, by whichever budget it reached first.
    #expect(replies.contains(#""message":"checked up to here in "#), "\(replies)")
    #expect(replies.contains("'circles run' checks the rest"), "\(replies)")
    #expect(
      replies.contains(
        #""range":{"end":{"character":8,"line":4},"start":{"character":4,"line":4}}"#), "\(replies)"
    )
  }
}
