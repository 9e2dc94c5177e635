import CircleRender
import CircleSystem
import CirclesTestSupport
import Foundation
import Testing

@testable import CircleEngine

@Suite("The manifest of a run's frames")
struct FrameManifestTests {
  static let one = FileIdentity(inode: 7, size: 120, seconds: 1_700_000_000, nanoseconds: 42)
  static let two = FileIdentity(inode: 9, size: 3, seconds: 1_700_000_001, nanoseconds: 0)

  @Test("the text is a header and one sorted line per frame, and reads back the same")
  func roundTrip() {
    let manifest = FrameManifest(entries: ["0001-add-a.png": Self.two, "0000-start.png": Self.one])
    #expect(
      manifest.text == """
        circles frames 1
        7 120 1700000000.000000042 0000-start.png
        9 3 1700000001.000000000 0001-add-a.png

        """)
    #expect(FrameManifest(text: manifest.text) == manifest)
  }

  @Test("lines that do not read, or name anything but a frame file, are ignored")
  func hostileLines() {
    let text = """
      circles frames 1
      7 120 1700000000.000000042 0000-start.png
      7 120 1700000000.000000042 ../../etc/passwd
      7 120 1700000000.000000042 photos/0001-a.png
      7 120 1700000000.000000042 holiday.png
      7 120 1700000000.000000042 0002-Upper.png
      7 120 1700000000.000000042 0003-trailing-.png
      7 120 1700000000.000000042 0004.svg
      7 x 1700000000.000000042 0005-a.png
      garbage
      7 120 1700000000.000000042
      """
    #expect(
      FrameManifest(text: text).entries == ["0000-start.png": Self.one, "0004.svg": Self.one])
  }

  @Test("a name listed twice is the file of the line that matches the one there, else the last")
  func listedTwice() {
    let other = FileIdentity(inode: 8, size: 2, seconds: 3, nanoseconds: 4)
    let text = """
      circles frames 1
      \(Self.one) 0000-start.png
      \(other) 0000-start.png

      """
    #expect(FrameManifest(text: text).entries == ["0000-start.png": other])
    #expect(FrameManifest(text: text) { _ in Self.one }.entries == ["0000-start.png": Self.one])
    #expect(FrameManifest(text: text) { _ in other }.entries == ["0000-start.png": other])
    let unknown = FileIdentity(inode: 9, size: 9, seconds: 9, nanoseconds: 9)
    #expect(FrameManifest(text: text) { _ in unknown }.entries == ["0000-start.png": other])
  }

  @Test("opened for a run's frames, it is written whole first and then takes lines at its end")
  func openedForFrames() throws {
    let folder = try TemporaryFolder()
    let handle = try FolderHandle(opening: folder.url, displayPath: "out")
    try folder.write("circles frames 2\nwhatever\n", to: ".circles-frames")
    let journal = try FrameManifest(entries: ["0000-start.png": Self.one]).openForFrames(in: handle)
    let other = FileIdentity(inode: 8, size: 2, seconds: 3, nanoseconds: 4)
    try journal.append(FrameManifest.line("0001-add-a.png", other))
    #expect(
      FrameManifest(in: handle).entries == ["0000-start.png": Self.one, "0001-add-a.png": other])
    journal.close()
    #expect(throws: FileError.self) { try journal.append(FrameManifest.line("0002.png", other)) }
  }

  @Test("render files are listed after ./, and never taken for frames; others are ignored")
  func renderLines() {
    let manifest = FrameManifest(
      entries: ["0000-start.png": Self.one],
      renders: ["0001-add-a.png": Self.one, "pics/final.svg": Self.one, "odd\nname.png": Self.one])
    #expect(
      manifest.text == """
        circles frames 1
        \(Self.one) 0000-start.png
        \(Self.one) ./0001-add-a.png
        \(Self.one) ./pics/final.svg

        """)
    let read = FrameManifest(text: manifest.text)
    #expect(read.entries == ["0000-start.png": Self.one])
    #expect(read.renders == ["0001-add-a.png": Self.one, "pics/final.svg": Self.one])
    let forged = """
      circles frames 1
      \(Self.one) photos/0000-start.png
      \(Self.one) ./../outside.png
      \(Self.one) ./~/x.png
      \(Self.one) .//x.png
      \(Self.one) ./notes.txt

      """
    #expect(FrameManifest(text: forged) == FrameManifest())
  }

  @Test("a manifest with another first line, or none, lists nothing")
  func otherHeader() {
    #expect(FrameManifest(text: "circles frames 2\n7 1 1.000000000 0000-a.png\n").entries.isEmpty)
    #expect(FrameManifest(text: "").entries.isEmpty)
  }

  @Test("it is written whole into the folder and read back from it, never through a link")
  func inAFolder() throws {
    let folder = try TemporaryFolder()
    let handle = try FolderHandle(opening: folder.url, displayPath: "out")
    let manifest = FrameManifest(entries: ["0000-start.png": Self.one])
    try manifest.write(to: handle)
    #expect(FrameManifest(in: handle) == manifest)
    #expect(folder.allFiles(in: ".") == [".circles-frames"])
    let elsewhere = try TemporaryFolder()
    try Data(manifest.text.utf8).write(to: elsewhere.url.appendingPathComponent("m"))
    try FileManager.default.removeItem(at: folder.url.appendingPathComponent(".circles-frames"))
    try FileManager.default.createSymbolicLink(
      at: folder.url.appendingPathComponent(".circles-frames"),
      withDestinationURL: elsewhere.url.appendingPathComponent("m"))
    #expect(FrameManifest(in: handle).entries.isEmpty)
  }
}
