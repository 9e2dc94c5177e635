// The Swift program start-up is measured against: it links Cairo, as circles does, and uses
// Foundation's classes as any program of Foundation does (a file looked up, a notification
// posted: circles' undo manager posts Apple's notifications), then prints Cairo's version, as
// cairo-version.c does. Built by circles-bench with `swiftc -O -static-stdlib
// -import-objc-header cairo-bridge.h`, as circles is installed.
import Foundation

let found = FileManager.default.fileExists(atPath: "/")
NotificationCenter.default.post(name: Notification.Name("start"), object: nil)
print("cairo " + String(cString: cairo_version_string()) + (found ? "" : "?"))
