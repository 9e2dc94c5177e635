import Foundation
import Testing

@testable import CircleSnapshot

@Suite("Check options: record mode, shards, chosen frames")
struct CheckOptionsTests {
  @Test(
    "the mode asked for wins over CIRCLES_RECORD, which wins over the default: missing on a person's machine, none in CI",
    arguments: [
      (RecordMode?.some(.failed), ["CIRCLES_RECORD": "all"], RecordMode.failed, false),
      (nil, ["CIRCLES_RECORD": "missing"], .missing, false),
      (nil, ["CIRCLES_RECORD": "none"], .none, false),
      (nil, [:], .missing, true),
      (nil, ["CI": "false"], .missing, true),
      (nil, ["CI": "0"], .missing, true),
      (nil, ["CI": ""], .missing, true),
      (nil, ["CI": "true"], .none, false),
      (nil, ["CI": "1"], .none, false),
      (nil, ["CI": "true", "CIRCLES_RECORD": "missing"], .missing, false),
      (.some(.missing), [:], .missing, false),
      (.some(.none), ["CIRCLES_RECORD": "1"], .none, false),
    ])
  func precedence(
    requested: RecordMode?, environment: [String: String], mode: RecordMode, byDefault: Bool
  ) throws {
    #expect(try CheckOptions.recordMode(requested: requested, environment: environment) == mode)
    #expect(
      CheckOptions.recordsByDefault(requested: requested, environment: environment) == byDefault)
  }

  @Test("a bad CIRCLES_RECORD is an error, unless a mode was asked for")
  func badEnvironment() throws {
    #expect(throws: SnapshotError.invalidRecordMode("sometimes")) {
      _ = try CheckOptions.recordMode(requested: nil, environment: ["CIRCLES_RECORD": "sometimes"])
    }
    #expect(
      try CheckOptions.recordMode(requested: .all, environment: ["CIRCLES_RECORD": "bad"]) == .all)
  }

  @Test("shards are disjoint and together hold every item, in order", arguments: 1...4)
  func shards(count: Int) {
    let items = Array(0..<10)
    let shares = (1...count).map { CheckOptions.shard(items, index: $0, count: count) }
    #expect(shares.flatMap { $0 }.sorted() == items)
    #expect(shares.allSatisfy { $0 == $0.sorted() })
    #expect(CheckOptions.shard(items, index: 2, count: 3) == [1, 4, 7])
  }

  @Test(
    "only chooses frames by name or shell glob; none given chooses all",
    arguments: [
      ([String](), "0002-add-b", true), (["0002-add-b"], "0002-add-b", true),
      (["0002-add-b"], "0003-add-b", false), (["00*-undo-*"], "0004-undo-add-a", true),
      (["00*-undo-*"], "0004-redo-add-a", false), (["final", "sub/*"], "sub/x", true),
    ])
  func only(patterns: [String], name: String, selected: Bool) {
    #expect(CheckOptions(only: patterns).selects(name) == selected)
  }
}
