import CirclesTestSupport
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

  @Test("shards by earlier times: longest first into the share with the least time so far")
  func balancedShards() {
    let seconds: [Int: Double] = [0: 1, 1: 9, 2: 4, 3: 4, 4: 2, 5: 3]
    let share = { (index: Int) in
      CheckOptions.shard(Array(0..<6), index: index, count: 2) { seconds[$0] }
    }
    // 9 → 1st (9); 4 → 2nd (4); 4 → 2nd (8); 3 → 2nd (11); 2 → 1st (11); 1 → 1st (12).
    #expect(share(1) == [0, 1, 4])
    #expect(share(2) == [2, 3, 5])
    let first = share(1).map { seconds[$0]! }.reduce(0, +)
    let second = share(2).map { seconds[$0]! }.reduce(0, +)
    #expect(first + second == 23)
    #expect(abs(first - second) <= 1, "\(share(1)) \(share(2))")
    // An item without a time weighs the median of the others'.
    // Item 2 has none: it weighs 2, the median of 10, 1 and 2, so the 10 stays alone.
    let untimed = CheckOptions.shard(Array(0..<4), index: 1, count: 2) { [0: 10, 1: 1, 3: 2][$0] }
    #expect(untimed == [0])
  }

  @Test("without times, by times: every item in exactly one share, each share in order, stable")
  func seededShards() {
    var generator = SeededGenerator(seed: 36)
    for _ in 0..<200 {
      let items = Array(0..<Int.random(in: 0...40, using: &generator))
      let count = Int.random(in: 1...6, using: &generator)
      var times: [Int: Double] = [:]
      for item in items where Bool.random(using: &generator) {
        times[item] = Double.random(in: 0...50, using: &generator)
      }
      for timed in [false, true] {
        let shares = (1...count).map { index in
          CheckOptions.shard(items, index: index, count: count) { timed ? times[$0] : nil }
        }
        #expect(shares.flatMap { $0 }.sorted() == items)
        #expect(shares.allSatisfy { $0 == $0.sorted() })
        let again = (1...count).map { index in
          CheckOptions.shard(items, index: index, count: count) { timed ? times[$0] : nil }
        }
        #expect(again == shares)
        if !timed {
          // By count: every n-th item, as before times were known.
          let modulo = (1...count).map { index in items.filter { $0 % count == index - 1 } }
          #expect(shares == modulo)
        } else if items.count >= count, !times.isEmpty {
          // Greedy longest-first is within the longest item of the best split.
          let known = times.values.sorted()
          let median = known[known.count / 2]
          let weight = { (item: Int) in times[item] ?? median }
          let totals = shares.map { $0.map(weight).reduce(0, +) }
          let mean = totals.reduce(0, +) / Double(count)
          let longest = items.map(weight).max() ?? 0
          #expect(totals.max()! <= mean + longest + 1e-9, "\(totals)")
        }
      }
    }
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
