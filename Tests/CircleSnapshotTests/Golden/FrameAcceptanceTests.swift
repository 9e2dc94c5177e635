import CircleSnapshot
import Foundation
import Testing

@Suite("What accepting one image does")
struct FrameAcceptanceTests {
  @Test("a name's pattern characters are escaped, so --only selects that name alone")
  func literal() {
    #expect(FrameAcceptance.literalPattern("0002-add-b") == "0002-add-b")
    #expect(FrameAcceptance.literalPattern("sub/[x]*?\\") == "sub/\\[x]\\*\\?\\\\")
    let options = CheckOptions(only: [FrameAcceptance.literalPattern("a*[b]")])
    #expect(options.selects("a*[b]"))
    #expect(!options.selects("a-b"))
    #expect(!options.selects("ab"))
  }

  @Test("failed, missing and moved record their name; an orphan prunes; the rest have none")
  func kinds() {
    let folder = URL(fileURLWithPath: "/g")
    let result = ScriptResult(
      script: URL(fileURLWithPath: "/w/my scene.circles"), goldenDirectory: folder,
      frames: [], failsOnOrphans: false, commandOptions: ["--golden", "g d"])
    func frame(_ status: FrameStatus, renamed: Bool = false) -> FrameResult {
      var frame = FrameResult(
        name: "0002-add-b", status: status, golden: folder.appendingPathComponent("0002-add-b.png"))
      frame.renamed = renamed
      return frame
    }
    for status in [FrameStatus.failed, .missing, .moved] {
      let acceptance = result.acceptance(of: frame(status), scriptPath: "my scene.circles")
      #expect(acceptance?.record == .missingAndFailed)
      #expect(acceptance?.prune == false)
      #expect(
        acceptance?.command
          == "circles check 'my scene.circles' --golden 'g d' --record --only 0002-add-b",
        "\(acceptance?.command ?? "")")
    }
    let orphan = result.acceptance(of: frame(.orphan))
    #expect(orphan?.prune == true)
    #expect(orphan?.record == RecordMode.none)
    #expect(orphan?.command.hasSuffix("--prune --only 0002-add-b") == true)
    for status in [FrameStatus.passed, .recorded, .pruned] {
      #expect(result.acceptance(of: frame(status)) == nil)
    }
    #expect(result.acceptance(of: frame(.moved, renamed: true)) == nil)
    let options = orphan?.options(from: CheckOptions(record: .all, failsOnOrphans: true))
    #expect(options?.only == ["0002-add-b"])
    #expect(options?.failsOnOrphans == true)
    #expect(options?.record == RecordMode.none)
  }
}
