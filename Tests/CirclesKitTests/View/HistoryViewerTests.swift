import CircleEngine
import CircleRender
import CircleScript
import CirclesKit
import CirclesTestSupport
import Foundation
import Testing

@Suite("History viewer")
struct HistoryViewerTests {
  static func source(_ text: String) -> ScriptSource {
    ScriptSource(bytes: Array(text.utf8), fileName: "scene.circles")
  }

  /// Each frame's picture as the page makes it: its last whole picture with the rectangles of
  /// the frames after it copied over.
  static func pictures(of history: ViewerHistory) throws -> [PixelImage] {
    var images: [PixelImage] = []
    var current: PixelImage?
    for frame in history.frames {
      switch frame.picture {
      case .same:
        break
      case .whole(let data):
        current = try PNGCodec.decode(data)
      case .patch(let rect, let data):
        let patch = try PNGCodec.decode(data)
        #expect(patch.width == rect.maxX - rect.minX && patch.height == rect.maxY - rect.minY)
        var image = try #require(current)
        for y in 0..<patch.height {
          for x in 0..<patch.width {
            image.pixels[(rect.minY + y) * image.width + rect.minX + x] =
              patch.pixels[y * patch.width + x]
          }
        }
        current = image
      }
      images.append(try #require(current))
    }
    return images
  }

  static let script = """
    canvas 80x50 background none
    add a at 20,20 radius 10 fill tomato stroke black width 2
    add b at 50,25 radius 12 fill #3366ff opacity 0.5
    move a by 0,0
    group "Pair" {
      add at 70,40 radius 4 fill gold
      front a
    }
    undo 2
    redo
    limit 1
    clear
    undo
    set b radius 20

    """

  @Test("every frame's picture, drawn from whole pictures and rectangles, is its rendering")
  func picturesAreTheFrames() throws {
    let history = try HistoryViewer.record(Self.source(Self.script))
    let frames = try ScriptFrames.of(Self.script)
    #expect(history.frames.map(\.name) == frames.map(\.name))
    let pictures = try Self.pictures(of: history)
    for (frame, picture) in zip(frames, pictures) {
      #expect(picture == (try Renderer.render(frame.state)), "\(frame.name)")
    }
    #expect(history.frames.map(\.direction) == frames.map(\.direction))
    #expect(history.frames.map(\.range.start.line) == [1, 2, 3, 4, 5, 9, 10, 12, 13, 14])
    #expect(history.pixelWidth == 80 && history.pixelHeight == 50)
    #expect(history.failure == nil)
  }

  @Test("the changed region holds every pixel that changed, and is none when none did")
  func changedRegions() throws {
    let history = try HistoryViewer.record(Self.source(Self.script))
    let pictures = try Self.pictures(of: history)
    #expect(history.frames[0].changed == nil)
    #expect(history.frames[3].name == "0003-move-a")
    #expect(history.frames[3].changed == nil)
    #expect(history.frames[3].picture == .same)
    for index in 1..<pictures.count {
      let (before, after) = (pictures[index - 1], pictures[index])
      let region = history.frames[index].changed ?? .empty
      for y in 0..<after.height {
        for x in 0..<after.width where before.pixels[y * 80 + x] != after.pixels[y * 80 + x] {
          let inside = x >= region.minX && x < region.maxX && y >= region.minY && y < region.maxY
          #expect(inside, "\(history.frames[index].name): \(x),\(y) changed outside \(region)")
        }
      }
      if history.frames[index].changed != nil { #expect(before != after) }
    }
  }

  @Test("the Edit menu at each frame is the stacks after its command")
  func menus() throws {
    let history = try HistoryViewer.record(Self.source(Self.script))
    var expected: [EditMenuHistory] = []
    let lines = Self.script.split(separator: "\n", omittingEmptySubsequences: false)
    for frame in history.frames {
      // The script up to the frame's command (to the end of the group for the group's frame).
      let end = frame.number == 0 ? 1 : frame.action == "Pair" ? 8 : frame.range.start.line
      let prefix = lines.prefix(end).joined(separator: "\n")
      expected.append(try HistoryRunner.run(Self.source(prefix)).history)
    }
    #expect((0..<history.frames.count).map { history.menus.menu(at: $0) } == expected)
  }

  @Test("a canvas wider than the largest side is drawn smaller, in proportion")
  func largeCanvas() throws {
    let history = try HistoryViewer.record(
      Self.source("canvas 4096x1024 scale 2\nadd at 10,10 radius 5\n"))
    #expect(history.pixelWidth == HistoryViewer.largestSide)
    #expect(history.pixelHeight == HistoryViewer.largestSide / 4)
    let whole = try #require(history.frames[0].picture.png)
    let image = try PNGCodec.decode(whole)
    #expect(image.width == 2048 && image.height == 512)
  }

  @Test("a script that stops keeps the frames before it and the failure")
  func stops() throws {
    let history = try HistoryViewer.record(
      Self.source("add a at 5,5 r 2\nexpect count 2\nadd b at 9,9 r 2\n"))
    #expect(history.frames.map(\.name) == ["0000-start", "0001-add-a"])
    #expect(history.failure?.exitCode == 1)
    #expect(throws: ViewerError.self) { try HistoryViewer.record(Self.source("ad a\n")) }
  }

  @Test("a history longer than the limit stops at the state past it, with an error there")
  func limit() throws {
    let text = "add a at 1,1 r 1\nadd b at 2,2 r 1\nadd c at 3,3 r 1\n"
    let history = try HistoryViewer.record(Self.source(text), limit: 3)
    #expect(history.frames.map(\.name) == ["0000-start", "0001-add-a", "0002-add-b"])
    #expect(
      history.failure?.diagnostic.message
        == "cannot write frame '0003-add-c': the viewer shows at most 3 states; view a shorter script"
    )
    #expect(history.failure?.diagnostic.range.start.line == 3)
    #expect(try HistoryViewer.record(Self.source(text), limit: 4).failure == nil)
  }

  @Test("text from the script cannot end the page's script or add markup")
  func hostileText() throws {
    let text = """
      // </script><script>alert(1)</script><!--
      group "</script><img src=x onerror=alert(2)>" {
        add at 5,5 r 2
      }
      undo

      """
    let page = HistoryViewer.page(for: try HistoryViewer.record(Self.source(text)))
    #expect(page.components(separatedBy: "<script").count == 3)
    #expect(page.components(separatedBy: "</script>").count == 3)
    #expect(!page.contains("<img"))
    #expect(!page.contains("<!--"))
    #expect(page.contains(#""Undo \u003c\/script>\u003cimg src=x onerror=alert(2)>""#))
    #expect(
      page.contains("<code>// &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;!--</code>"))
  }
}
