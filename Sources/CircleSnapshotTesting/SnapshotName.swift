import CircleRender
import CircleSystem
import Testing

/// The default names of snapshots: the test function's name, then `.2`, `.3`, … for the second
/// and later snapshots one test takes.
enum SnapshotName {
  /// How many snapshots each test has taken so far, by test file, function and test.
  private static let counts = Locked<[String: Int]>([:])

  /// The name a snapshot gets when the call gives none.
  ///
  /// - Parameters:
  ///   - function: `#function` of the call: `sunset()` names the snapshot `sunset`.
  ///   - testFile: `#filePath` of the call.
  /// - Returns: the name, or why there is none (a parameterized test runs its function once per
  ///   argument, possibly at the same time, so it needs names).
  static func next(function: String, testFile: String) -> Result<String, NamingError> {
    if Test.Case.current?.isParameterized == true {
      return .failure(NamingError())
    }
    let base = function.prefix { $0 != "(" }
    let name = base.isEmpty ? "snapshot" : String(base)
    let test = Test.current.map { "\($0.id)" } ?? ""
    let key = "\(testFile)\n\(function)\n\(test)"
    let count = counts.withLock { counts in
      counts[key, default: 0] += 1
      return counts[key]!
    }
    return .success(count == 1 ? name : "\(name).\(count)")
  }

  /// A snapshot in a parameterized test was given no name.
  struct NamingError: Error, CustomStringConvertible {
    var description: String {
      "a snapshot in a parameterized test needs a name: pass named: with the argument in it"
    }
  }
}
