import CircleRender
import CircleSystem
import Testing

@testable import CircleEngine

@Suite("Render paths")
struct RenderPathTests {
  static let long = String(repeating: "r", count: 251)

  @Test(
    "paths inside the output folder are taken apart into folders and a name",
    arguments: [
      ("final.png", "png", "", "final.png"), ("..png", "png", "", "..png"),
      ("./a//b/./c.PNG", "png", "a/b", "c.PNG"), ("shots/ring.png", "svg", "shots", "ring.svg"),
      ("x.png", "pdf", "", "x.pdf"), ("~x/y.png", "png", nil, nil),
      ("a/~b.png", "png", "a", "~b.png"),
      (long + ".png", "png", "", long + ".png"),
    ] as [(String, String, String?, String?)])
  func accepted(text: String, format: String, folder: String?, name: String?) throws {
    guard let folder, let name else {
      #expect(throws: FileError.self) { try RenderPath(text, fileExtension: format) }
      return
    }
    let path = try RenderPath(text, fileExtension: format)
    #expect(path.folder == folder)
    #expect(path.name == name)
  }

  @Test(
    "paths that leave the folder, or name no PNG file, are refused with the reason",
    arguments: [
      ("~/x.png", "the path must stay inside the output folder: '~' is not a home folder here"),
      ("~bin/x.png", "the path must stay inside the output folder: '~' is not a home folder here"),
      ("/tmp/x.png", "the path must stay inside the output folder: it starts at '/'"),
      ("a/../../x.png", "the path must stay inside the output folder: it holds '..'"),
      ("../x.png", "the path must stay inside the output folder: it holds '..'"),
      ("a\u{0}b.png", "a path cannot hold a NUL byte"),
      ("x.jpg", "render writes PNG files: give the file name a .png extension"),
      (".png", "render writes PNG files: give the file name a .png extension"),
      ("dir.png/", "the path names a folder; give it a file name such as frame.png"),
      (
        long + "r.png",
        "the name 'rrrrrrrrrrrrrrrrrrrrrrrr…' is too long: 256 bytes, at most 255"
      ),
      (
        String(repeating: "d", count: 256) + "/x.png",
        "the name 'dddddddddddddddddddddddd…' is too long: 256 bytes, at most 255"
      ),
      (
        String(repeating: "a/", count: 2100) + "x.png",
        "the path is too long: 4205 bytes, at most 4096"
      ),
    ])
  func refused(text: String, reason: String) {
    #expect(throws: FileError(reason: reason)) { try RenderPath(text, fileExtension: "png") }
  }
}
