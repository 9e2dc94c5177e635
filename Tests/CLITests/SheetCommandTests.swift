import CircleCanvas
import CircleRender
import CirclesTestSupport
import Foundation
import Testing

@Suite("circles run --sheet, end to end")
struct SheetCommandTests {
  @Test("the sheet has one labelled thumbnail per frame, in a near-square grid")
  func sheet() async throws {
    let folder = try TemporaryFolder()
    try folder.write(
      """
      canvas 64x48 background #ff0000
      add a at 10,10 radius 6 fill white
      add b at 54,10 radius 6 fill white
      move a by 5,5
      clear
      undo
      redo
      """, to: "steps.circles")
    let outcome = try await Executable.run(
      ["run", "steps.circles", "-o", "out", "--sheet", "sheets/steps.png"], in: folder.url)
    #expect(outcome.status == 0, "\(outcome)")
    #expect(outcome.stdout.contains("contact sheet written to sheets/steps.png"), "\(outcome)")
    let data = try Data(contentsOf: folder.url.appendingPathComponent("sheets/steps.png"))
    let image = try PNGCodec.decode(data)
    let layout = ContactSheet().layout(count: 7)
    #expect((layout.columns, layout.rows) == (3, 3))
    #expect(image.width == layout.size.width && image.height == layout.size.height)
    let red = Colour(red: 255, green: 0, blue: 0)
    #expect(layout.thumbnailCount(in: image, background: red) == 7)
    #expect(folder.files(in: "out").count == 7)
  }

  @Test(
    "canvases whose thumbnails take many picture pixels each make their sheet",
    arguments: ["canvas 4300x10", "canvas 64x2000 scale 3", "canvas 3890x40"])
  func manyPixelsAThumbnailPixel(canvas: String) async throws {
    let folder = try TemporaryFolder()
    try folder.write("\(canvas) background #ff0000\nadd a at 5,5 r 4\n", to: "s.circles")
    let outcome = try await Executable.run(
      ["run", "s.circles", "-o", "out", "--sheet", "sheet.png"], in: folder.url)
    #expect(outcome.status == 0, "\(outcome)")
    #expect(outcome.stdout.contains("contact sheet written to sheet.png (2 thumbnails"))
  }

  @Test("a sheet must be a PNG")
  func sheetExtension() async throws {
    let folder = try TemporaryFolder()
    try folder.write("add a at 1,1 r 1\n", to: "s.circles")
    let outcome = try await Executable.run(
      ["run", "s.circles", "--sheet", "sheet.jpg"], in: folder.url)
    #expect(outcome.status == 2)
    #expect(outcome.stderr.hasPrefix("circles: error: the contact sheet 'sheet.jpg' needs a .png"))
  }
}
