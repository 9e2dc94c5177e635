import CircleSystem
import Testing

@Suite("The machine's load: is a processor free")
struct ProcessorLoadTests {
  @Test(
    "the runnable count is read from a /proc/loadavg line",
    arguments: [
      ("0.52 0.61 0.70 3/412 9876\n", 3), ("1.00 1.00 1.00 12/1024 1", 12),
      ("0.52 0.61 0.70\n", nil), ("0.52 0.61 0.70 x/412 9876", nil), ("", nil),
    ] as [(String, Int?)])
  func parsing(line: String, runnable: Int?) {
    #expect(MachineLoad.runnableThreads(inLoadAverage: line) == runnable)
  }

  @Test("on Linux the count is there, and counts at least the thread asking")
  func live() throws {
    #if os(Linux)
      let runnable = try #require(MachineLoad.runnableThreads())
      #expect(runnable >= 1)
    #endif
  }
}
