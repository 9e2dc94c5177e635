import Testing

@testable import CircleSnapshot

@Suite("Record modes")
struct RecordModeTests {
  @Test(
    "record modes parse from the command line's words",
    arguments: [
      ("", RecordMode.missingAndFailed), ("missing", .missing), ("failed", .failed),
      ("all", .all), ("none", .none), ("missing,failed", .missingAndFailed),
      ("FAILED", .failed),
    ])
  func parses(text: String, mode: RecordMode) {
    #expect(RecordMode(parsing: text) == mode)
  }

  @Test("unknown words are refused", arguments: ["everything", "missing,oops"])
  func refuses(text: String) {
    #expect(RecordMode(parsing: text) == nil)
  }

  @Test(
    "CIRCLES_RECORD reads as a record mode",
    arguments: [
      ("1", RecordMode.missingAndFailed), ("true", .missingAndFailed), ("0", .none),
      ("", .none), ("missing", .missing), ("all", .all),
    ])
  func environment(value: String, mode: RecordMode) throws {
    #expect(try RecordMode(environment: ["CIRCLES_RECORD": value]) == mode)
  }

  @Test("an unset variable gives no mode; a bad one is an error that names the choices")
  func environmentErrors() throws {
    #expect(try RecordMode(environment: [:]) == nil)
    #expect(throws: SnapshotError.invalidRecordMode("sometimes")) {
      try RecordMode(environment: ["CIRCLES_RECORD": "sometimes"])
    }
    #expect(
      SnapshotError.invalidRecordMode("x").description
        == "invalid record mode 'x'; use none, missing, failed, all or missing,failed")
  }

  @Test(
    "modes print as they parse",
    arguments: [
      RecordMode.none, .missing, .failed, .missingAndFailed, .all,
    ])
  func description(mode: RecordMode) {
    #expect(RecordMode(parsing: mode.description) == mode)
  }
}
