import CZlib
import CircleCanvas
import CircleRender
import CircleSnapshot
import CirclesTestSupport
import Foundation
import Testing

/// `circles diff` run as a user runs it: whole outputs and exit codes.
@Suite("circles diff, end to end")
struct DiffCommandTests {
  /// A folder with two 4×3 pictures: white, and white with two changed pixels (one darker,
  /// one lighter than the grey it replaces), and a 6×2 one.
  static func folder() throws -> TemporaryFolder {
    let folder = try TemporaryFolder()
    var golden = PixelImage(
      width: 4, height: 3, filledWith: Colour(red: 128, green: 128, blue: 128))
    var actual = golden
    actual.pixels[1] = 0xFF00_0000
    actual.pixels[6] = 0xFFFF_FFFF
    golden.pixels[11] = 0xFF10_2030
    actual.pixels[11] = 0xFF10_2030
    try write(golden, to: "golden.png", in: folder)
    try write(actual, to: "actual.png", in: folder)
    try write(PixelImage(width: 6, height: 2, filledWith: .white), to: "wide.png", in: folder)
    return folder
  }

  static func write(_ image: PixelImage, to name: String, in folder: TemporaryFolder) throws {
    try PNGCodec.encode(image).write(to: folder.url.appendingPathComponent(name))
  }

  static func image(_ name: String, in folder: TemporaryFolder) throws -> PixelImage {
    try PNGCodec.decode(Data(contentsOf: folder.url.appendingPathComponent(name)))
  }

  @Test("a diff image and a strip are written and named; darker pixels can take a colour")
  func pictures() async throws {
    let folder = try Self.folder()
    let outcome = try await Executable.run(
      [
        "diff", "golden.png", "actual.png", "-o", "d.png", "--strip", "s.png", "--darker-colour",
        "lime",
      ], in: folder.url)
    #expect(outcome.status == 1, "\(outcome)")
    #expect(
      outcome.stdout == """
        2 pixels differ (16.7%), first at 1,0, all within 2x2 at 1,0
        diff:  d.png
        strip: s.png

        """, "\(outcome)")
    #expect(outcome.stderr == "", "\(outcome)")
    let diff = try Self.image("d.png", in: folder)
    #expect(diff.pixels[1] == 0xFF00_FF00)
    #expect(diff.pixels[6] == 0xFFFF_0000)
    let strip = try Self.image("s.png", in: folder)
    #expect(strip.width == 3 * 4 + 8 && strip.height == 13 + 3)
  }

  @Test("files of two sizes: the diff image covers both, the region they share compared")
  func twoSizes() async throws {
    let folder = try Self.folder()
    let outcome = try await Executable.run(
      ["diff", "golden.png", "wide.png", "-o", "d.png"], in: folder.url)
    #expect(outcome.status == 1, "\(outcome)")
    #expect(outcome.stdout == "sizes differ: golden 4x3, actual 6x2\ndiff:  d.png\n", "\(outcome)")
    let diff = try Self.image("d.png", in: folder)
    #expect(diff.width == 6 && diff.height == 3)
    // Grey against white differs everywhere in the shared 4×2; all that only one file has is red.
    #expect(diff.pixels.allSatisfy { $0 == 0xFFFF_0000 })
  }

  /// A valid PNG of 16384×16384 pixels of 1-bit grey, all black: about 32 KB.
  static func hugePNG() -> Data {
    func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
      let typed = Array(type.utf8) + body
      let crc = typed.withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress, uInt($0.count))) }
      return bigEndian(UInt32(body.count)) + typed + bigEndian(crc)
    }
    func bigEndian(_ value: UInt32) -> [UInt8] {
      (0..<4).map { UInt8((value >> (24 - 8 * $0)) & 0xFF) }
    }
    let rows = [UInt8](repeating: 0, count: 16384 * (1 + 2048))
    var compressed = [UInt8](repeating: 0, count: Int(compressBound(uLong(rows.count))))
    var length = uLongf(compressed.count)
    _ = compress2(&compressed, &length, rows, uLong(rows.count), 9)
    let header = bigEndian(16384) + bigEndian(16384) + [1, 0, 0, 0, 0]
    return Data(
      [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header)
        + chunk("IDAT", Array(compressed.prefix(Int(length)))) + chunk("IEND", []))
  }

  /// Runs `circles` with its address space limited to `kilobytes`.
  ///
  /// - Parameter seconds: How long it may run: one still running then is killed, and the
  ///   outcome says it hung.
  static func run(
    limitedTo kilobytes: Int, _ arguments: [String], in folder: URL, within seconds: Double = 600
  ) async throws -> Limited {
    let shell = Program(url: URL(fileURLWithPath: "/bin/sh"))
    let process = try shell.start(
      ["-c", "ulimit -v \(kilobytes); exec \"$0\" \"$@\"", try Executable.url.path] + arguments,
      in: folder, environment: ["NO_COLOR": "1"])
    let ended = await process.outcome(within: .seconds(seconds))
    if ended == nil { process.signal(SIGKILL) }
    let outcome = await process.outcome()
    return Limited(
      status: outcome.status, hung: ended == nil, stdout: outcome.stdout, stderr: outcome.stderr)
  }

  /// What a run under a memory limit printed.
  struct Limited: CustomStringConvertible {
    var status: Int32
    /// Whether it was still running at its time limit, and was killed.
    var hung = false
    var stdout: String
    var stderr: String
    var description: String {
      (hung ? "hung, killed\n" : "") + "exit \(status)\n--- stdout\n\(stdout)--- stderr\n\(stderr)"
    }
  }

  @Test("a 32 KB file declaring 16384×16384 is answered from its header, in 150 MB of memory")
  func hugeHeader() async throws {
    let folder = try Self.folder()
    let huge = Self.hugePNG()
    #expect(huge.count < 40_000)
    try huge.write(to: folder.url.appendingPathComponent("huge.png"))
    // Decoding it would take 1 GiB: within 150 MB, 20 more than the binary maps alone, only the
    // header can have been read.
    let outcome = try await Self.run(
      limitedTo: 150_000, ["diff", "huge.png", "golden.png"], in: folder.url)
    #expect(outcome.status == 1, "\(outcome)")
    #expect(outcome.stdout == "sizes differ: golden 16384x16384, actual 4x3\n", "\(outcome)")
    #expect(outcome.stderr == "", "\(outcome)")
  }

  @Test("files of the same bytes match without a pixel decoded, in 150 MB of memory")
  func identicalBytes() async throws {
    let folder = try Self.folder()
    try Self.hugePNG().write(to: folder.url.appendingPathComponent("huge.png"))
    try Self.hugePNG().write(to: folder.url.appendingPathComponent("copy.png"))
    let outcome = try await Self.run(
      limitedTo: 150_000, ["diff", "huge.png", "copy.png"], in: folder.url)
    #expect(outcome.status == 0, "\(outcome)")
    #expect(outcome.stdout == "images match\n", "\(outcome)")
    #expect(outcome.stderr == "", "\(outcome)")
  }

  @Test(
    "a header past 16384 pixels a side is refused, also beside a copy of itself or as a new screenshot",
    arguments: [(16385, 1), (1 << 30, 1 << 30), (Int(UInt32.max >> 1), 3)])
  func impossibleHeader(width: Int, height: Int) async throws {
    let folder = try Self.folder()
    let file = HandMadePNG.file(
      header: HandMadePNG.header(width: width, height: height, depth: 8, colourType: 2),
      chunks: [("IDAT", HandMadePNG.stored([0, 0, 0, 0]))])
    try file.write(to: folder.url.appendingPathComponent("big.png"))
    try file.write(to: folder.url.appendingPathComponent("copy.png"))
    let same = try await Self.run(
      limitedTo: 1_000_000, ["diff", "big.png", "copy.png"], in: folder.url)
    #expect(same.status == 2, "\(same)")
    #expect(
      same.stderr
        == "circles: error: cannot read 'big.png': image too large: \(width)×\(height) pixels\n",
      "\(same)")
    for side in ["base", "shots"] {
      try FileManager.default.createDirectory(
        at: folder.url.appendingPathComponent(side), withIntermediateDirectories: true)
    }
    try file.write(to: folder.url.appendingPathComponent("shots/big.png"))
    let new = try await Self.run(
      limitedTo: 1_000_000, ["compare", "base", "shots"], in: folder.url)
    #expect(new.status == 2, "\(new)")
    #expect(new.stdout.contains("image too large: \(width)×\(height) pixels"), "\(new)")
  }

  @Test("memory that cannot be had is an error with exit 2, not a crash")
  func outOfMemory() async throws {
    let folder = try Self.folder()
    try Self.hugePNG().write(to: folder.url.appendingPathComponent("huge.png"))
    // A picture asked for, the pixels are decoded even though the bytes are the same.
    let outcome = try await Self.run(
      limitedTo: 500_000, ["diff", "huge.png", "huge.png", "-o", "diff.png"], in: folder.url)
    #expect(outcome.status == 2, "\(outcome)")
    #expect(outcome.stdout == "", "\(outcome)")
    #expect(
      outcome.stderr
        == "circles: error: cannot compare 'huge.png' and 'huge.png': not enough memory to "
        + "decode a 16384×16384 PNG file\n", "\(outcome)")
  }

  @Test("a strip that cannot be written is named, exit 2; the diff image is still written")
  func stripFails() async throws {
    let folder = try Self.folder()
    try folder.write("not a folder", to: "notes.txt")
    let outcome = try await Executable.run(
      ["diff", "golden.png", "actual.png", "-o", "d.png", "--strip", "notes.txt/s.png"],
      in: folder.url)
    #expect(outcome.status == 2, "\(outcome)")
    #expect(
      outcome.stdout
        == "2 pixels differ (16.7%), first at 1,0, all within 2x2 at 1,0\ndiff:  d.png\n",
      "\(outcome)")
    #expect(outcome.stderr.hasPrefix("circles: error: cannot write the strip 'notes.txt/s.png': "))
    #expect(!outcome.stderr.contains("diff image"), "\(outcome)")
    #expect(folder.files(in: "").contains("d.png"))
  }

  @Test(
    "over the checkerboard a transparent pixel is not a white one; over white it is, at a threshold",
    arguments: [
      (flags: [String](), status: Int32(1)), (["--checkerboard"], 1), (["--no-checkerboard"], 0),
    ]
      as [(flags: [String], status: Int32)])
  func checkerboard(flags: [String], status: Int32) async throws {
    let folder = try TemporaryFolder()
    try Self.write(PixelImage(width: 2, height: 2, filledWith: .white), to: "white.png", in: folder)
    try Self.write(PixelImage(width: 2, height: 2, filledWith: .none), to: "clear.png", in: folder)
    let outcome = try await Executable.run(
      ["diff", "white.png", "clear.png", "--threshold", "0.05"] + flags, in: folder.url)
    #expect(outcome.status == status, "\(outcome)")
    #expect(
      outcome.stdout
        == (status == 0
          ? "images match\n" : "4 pixels differ (100%), first at 0,0, all within 2x2 at 0,0\n"),
      "\(outcome)")
    // At threshold 0 pixels are compared exactly: transparent is never white.
    let exact = try await Executable.run(
      ["diff", "white.png", "clear.png"] + flags, in: folder.url)
    #expect(exact.status == 1, "\(exact)")
  }

  @Test("text from the files' metadata reaches the terminal with its control characters shown")
  func hostileMetadata() async throws {
    let folder = try Self.folder()
    for (name, renderer) in [("one.png", "cairo 1"), ("two.png", "cairo\u{1B}]0;owned\u{7}\nFAIL")]
    {
      let png = try PNGCodec.encode(PixelImage(width: 2, height: 2, filledWith: .white))
      try GoldenMetadata(scene: nil, renderer: renderer).embedded(in: png)
        .write(to: folder.url.appendingPathComponent(name))
    }
    let outcome = try await Executable.run(["diff", "one.png", "two.png"], in: folder.url)
    #expect(outcome.status == 0, "\(outcome)")
    #expect(
      outcome.stdout == "images match\nnote:  rendered with cairo 1 and cairo␛]0;owned␇␊FAIL\n",
      "\(outcome)")
  }

  @Test("a file name with escape bytes reaches the terminal with its control characters shown")
  func hostileName() async throws {
    let folder = try Self.folder()
    try Data("not a PNG".utf8).write(to: folder.url.appendingPathComponent("e\u{1B}[31mvil.png"))
    let outcome = try await Executable.run(
      ["diff", "golden.png", "e\u{1B}[31mvil.png", "-o", "d\u{1B}[2J.png"], in: folder.url)
    #expect(outcome.status == 2, "\(outcome)")
    #expect(outcome.stderr.hasPrefix("circles: error: cannot "), "\(outcome)")
    #expect(outcome.stderr.contains("e␛[31mvil.png"), "\(outcome)")
    #expect(!outcome.stderr.contains("\u{1B}") && !outcome.stdout.contains("\u{1B}"), "\(outcome)")
  }

  @Test(
    "bad values and bad files are refused with exit 2",
    arguments: [
      (
        ["diff", "golden.png", "actual.png", "--darker-colour", "bogus"],
        "circles: error: --darker-colour takes an opaque colour such as #00ff00 or green, not 'bogus'"
      ),
      (
        ["diff", "golden.png", "actual.png", "--darker-colour", "#00ff0080"],
        "circles: error: --darker-colour takes an opaque colour such as #00ff00 or green, not '#00ff0080'"
      ),
      (["diff", ".", "actual.png"], "circles: error: cannot read '.': is a folder"),
      (
        ["diff", "golden.png", "/dev/zero"],
        "circles: error: cannot read '/dev/zero': is not a regular file"
      ),
      (
        ["diff", "golden.png", "missing.png"],
        "circles: error: cannot read 'missing.png': no such file or folder"
      ),
    ])
  func refused(arguments: [String], message: String) async throws {
    let folder = try Self.folder()
    let outcome = try await Executable.run(arguments, in: folder.url)
    #expect(outcome.status == 2, "\(outcome)")
    #expect(outcome.stdout == "", "\(outcome)")
    #expect(outcome.stderr.hasPrefix(message + "\n"), "\(outcome)")
  }
}
