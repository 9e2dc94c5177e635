// The Swift program start-up is measured against: it links Foundation and Cairo, as circles
// does, and prints Cairo's version, as cairo-version.c does. Built by circles-bench with
// `swiftc -O -static-stdlib -import-objc-header cairo-bridge.h`, as circles is installed.
import Foundation

print("cairo " + String(cString: cairo_version_string()))
