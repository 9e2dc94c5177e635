import CircleCanvas
import CircleRender
import CirclesTestSupport
import Foundation
import Testing

@testable import CirclesKit

@Suite("circles run --png-compression")
struct PNGCompressionOptionTests {
  @Test(
    "--png-compression picks the encoder and refuses unknown choices",
    arguments: [("fast", Int32(0)), ("default", 0), ("small", 0), ("huge", 2)])
  func compressionOption(choice: String, status: Int32) throws {
    let temporary = try TemporaryFolder()
    let script = "canvas 40x30\nadd a at 10,10 radius 8 fill red\n"
    try script.write(
      to: temporary.url.appendingPathComponent("s.circles"), atomically: true, encoding: .utf8)
    let recording = ConsoleRecording()
    let context = ToolContext(
      console: recording.console, environment: [:],
      currentDirectory: temporary.url, readStandardInput: { Data() })
    let code = CommandLineTool.main(
      arguments: ["run", "s.circles", "-o", "out", "--png-compression", choice], context: context)
    #expect(code == status)
    if status == 0 {
      let data = try Data(contentsOf: temporary.url.appendingPathComponent("out/0001-add-a.png"))
      let compression = try #require(PNGCompression(rawValue: choice))
      let expected = try PNGWriter.encode(
        Renderer.render(
          CanvasState(
            width: 40, height: 30,
            circles: [
              Circle(
                id: "a", center: Point(x: 10, y: 10), radius: 8,
                fill: .init(red: 255, green: 0, blue: 0))
            ])),
        compression: compression)
      #expect(data == expected)
    } else {
      #expect(recording.err.contains("--png-compression takes fast, default or small, not 'huge'"))
    }
  }
}
