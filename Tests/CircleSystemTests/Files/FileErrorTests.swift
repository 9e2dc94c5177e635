import CirclesTestSupport
import Foundation
import Testing

@testable import CircleSystem

@Suite("File errors")
struct FileErrorTests {
  @Test("a whole message, a path and reason for a message that says the action, or a reason")
  func descriptions() {
    #expect(
      FileError(path: "out/a.png", action: "write", reason: "no space left on device").description
        == "cannot write 'out/a.png': no space left on device")
    #expect(
      FileError(path: "out/a.png", action: "", reason: "is a folder").description
        == "'out/a.png': is a folder")
    #expect(FileError(reason: "it holds '..'").description == "it holds '..'")
  }

  @Test("a missing file or folder is 'no such file or folder'; other errors keep the system's")
  func missingWording() {
    #expect(
      FileError(path: "a.png", action: "open", errno: ENOENT).description
        == "cannot open 'a.png': no such file or folder")
    #expect(FileError(path: "a.png", action: "open", errno: EACCES).reason == "permission denied")
    #expect(FileError(path: "a", action: "open", errno: ENOTDIR).reason == "not a folder")
  }

  @Test("the reason alone of a file error, a Foundation error and another")
  func reasons() throws {
    #expect(
      FileError.reason(of: FileError(path: "a", action: "open", reason: "permission denied"))
        == "permission denied")
    let folder = try TemporaryFolder()
    let missing = folder.url.appendingPathComponent("missing.png")
    let readError = try #require(throws: (any Error).self) { try Data(contentsOf: missing) }
    let read = FileError(path: "missing.png", action: "read", error: readError)
    #expect(read.path == "missing.png")
    #expect(read.action == "read")
    #expect(read.reason == "no such file or folder")
    #expect(FileError.reason(of: Other()) == "another reason")
  }
}

/// An error that is neither a file error nor Foundation's.
private struct Other: Error, CustomStringConvertible {
  var description: String { "another reason" }
}
