import Foundation


/// How one run of a program went.
struct RunMeasure {
  var seconds: Double
  /// The largest resident set of the process, in bytes.
  var peakMemory: Int
  var status: Int32
  /// Processor time in the program itself (not in the kernel), in seconds.
  var userSeconds: Double = .nan
}

/// Starts programs and measures them: wall time from spawn to exit, peak memory from `wait4`.
enum Launcher {
  /// This program, which measures one run when called as `circles-bench --measure <program>
  /// <arguments…>`.
  static let benchmark: String = {
    var buffer = [UInt8](repeating: 0, count: 4096)
    let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    return length > 0
      ? String(decoding: buffer[..<length], as: UTF8.self) : CommandLine.arguments[0]
  }()

  /// Runs a program with its output discarded, and measures it: through a fresh process of
  /// this program (``measure(_:_:)``), since a process started straight from the benchmark
  /// has the benchmark's own peak memory counted as its until it replaces itself, and the
  /// benchmark grows by the workloads it runs in process.
  static func run(_ program: String, _ arguments: [String]) -> RunMeasure {
    let text = (try? output(benchmark, ["--measure", program] + arguments)) ?? ""
    let fields = text.split(separator: " ").map {
      $0.trimmingCharacters(in: .whitespacesAndNewlines)
    }
    guard fields.count == 4, let seconds = Double(fields[0]), let memory = Int(fields[1]),
      let status = Int32(fields[2]), let user = Double(fields[3])
    else { return RunMeasure(seconds: .nan, peakMemory: 0, status: -1) }
    return RunMeasure(seconds: seconds, peakMemory: memory, status: status, userSeconds: user)
  }

  /// `--measure`: runs a program with its output discarded, after the file data of earlier
  /// runs is written out (`sync`, not timed), so that no run pays for writing out another's
  /// files; prints its seconds, peak memory in bytes, exit status and processor seconds.
  static func measure(_ program: String, _ arguments: [String]) -> RunMeasure {
    sync()
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv = ([program] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid: pid_t = 0
    let start = DispatchTime.now()
    let spawned = posix_spawn(&pid, program, &actions, nil, argv, environ)
    guard spawned == 0 else { return RunMeasure(seconds: .nan, peakMemory: 0, status: -1) }
    var status: Int32 = 0
    var usage = rusage()
    _ = wait4(pid, &status, 0, &usage)
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    return RunMeasure(
      seconds: seconds, peakMemory: Int(usage.ru_maxrss) * 1024, status: status >> 8,
      userSeconds: Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6)
  }

  /// Runs a (program, arguments) pair as ``run(_:_:)`` does.
  static func run(_ command: (String, [String])) -> RunMeasure { run(command.0, command.1) }

  /// Runs a program and returns what it printed on standard output.
  static func output(_ program: String, _ arguments: [String]) throws -> String {
    let pipe = Pipe()
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = arguments
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
  }

  /// Runs a shell command and returns whether it succeeded (for building the C reference).
  static func shell(_ command: String) -> Bool {
    run("/bin/sh", ["-c", command]).status == 0
  }
}
