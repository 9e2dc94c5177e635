import CirclesTestSupport
import Foundation
import Testing

/// `circles run` given names that are not UTF-8, as a file system may hold them: the script,
/// the output folder and a folder a `render` reaches through a link are found by their bytes.
@Suite("circles run: names that are not UTF-8")
struct RunRawNameTests {
  @Test(
    "a script, an output folder and a render through a link, named with bytes that are not UTF-8")
  func rawNames() async throws {
    let folder = try TemporaryFolder()
    defer { folder.removeEverything() }
    let script = Array("s".utf8) + [0xFF] + Array(".circles".utf8)
    try folder.write(Data("add a at 10,10 r 5\nrender sub/final.png\n".utf8), toRawName: script)
    // o\xFE/ holds d\xFD/ and a link sub -> d\xFD, which the render goes through.
    let out = Array("o".utf8) + [0xFE]
    let inner = Array("d".utf8) + [0xFD]
    try folder.makeFolder(raw: out)
    try folder.makeFolder(raw: out + Array("/".utf8) + inner)
    try folder.makeLink(raw: out + Array("/sub".utf8), to: inner)
    // The shell passes the bytes as they are; Foundation's Process would pass UTF-8.
    let outcome = try await Executable.run(
      program: URL(fileURLWithPath: "/bin/sh"),
      [
        "-c", #"exec "$0" run "$(printf 's\377.circles')" -o "$(printf 'o\376')""#,
        try Executable.url.path,
      ],
      in: folder.url, environment: ["NO_COLOR": "1", "PATH": "/usr/bin:/bin"])
    #expect(outcome.status == 0, "\(outcome)")
    #expect(outcome.stderr == "", "\(outcome)")
    #expect(outcome.stdout.hasPrefix("2 frames written to o\u{FFFD} (1 circle, "), "\(outcome)")
    #expect(
      folder.rawNames(inRaw: out) == [
        Array(".circles-frames".utf8), Array(".circles-lock".utf8), Array("0000-start.png".utf8),
        Array("0001-add-a.png".utf8), inner, Array("sub".utf8),
      ])
    #expect(folder.rawNames(inRaw: out + Array("/".utf8) + inner) == [Array("final.png".utf8)])
  }
}
