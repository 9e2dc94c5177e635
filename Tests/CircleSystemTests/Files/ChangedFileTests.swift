import CirclesTestSupport
import Foundation
import Testing

@testable import CircleSystem

@Suite("Writing a file only when it changes")
struct ChangedFileTests {
  @Test("a named pipe is written through at once, never read first", .timeLimit(.minutes(5)))
  func namedPipe() async throws {
    let folder = try TemporaryFolder()
    let reader = try FIFOReader(at: folder.url.appendingPathComponent("sheet.png"))
    let bytes = Data("picture".utf8)
    #expect(try ChangedFile.write(bytes, to: reader.url))
    #expect(await reader.finish() == bytes)
  }

  @Test("a regular file holding the same bytes is left as it is")
  func unchanged() throws {
    let folder = try TemporaryFolder()
    let url = try folder.write("picture", to: "sheet.png")
    #expect(try !ChangedFile.write(Data("picture".utf8), to: url))
    #expect(try ChangedFile.write(Data("other".utf8), to: url))
    #expect(try folder.read("sheet.png") == "other")
  }
}
