import GRDB
import GRDBSQLite

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A cached statement that the import binds and steps through SQLite's C API.
///
/// GRDB's `execute(arguments:)` builds a `StatementArguments` array of `DatabaseValue`s per
/// row and walks it to bind; for the import's hundreds of thousands of inserts that cost
/// more than SQLite's own work (a third of the import's instructions). Here each value is
/// bound where it lies, and text is copied once into a buffer the statement owns and bound
/// from there without SQLite copying it again (`SQLITE_STATIC`; a copying bind costs SQLite a
/// `malloc` and a `free` per value).
///
/// The statement is GRDB's own cached one, so GRDB still owns and finalizes it; only the
/// binding and stepping bypass it. Every parameter must be bound before ``run()`` or
/// ``forEachRow(_:)``.
final class BulkStatement {
    private let statement: Statement
    private let db: Database
    /// The row's text, bound when the statement runs (so the buffer may grow until then).
    private var text: UnsafeMutablePointer<UInt8>
    private var textCapacity = 256
    private var textCount = 0
    private var textParameters: [(index: Int32, offset: Int, count: Int)] = []

    /// The statement for `sql`, from the connection's cache.
    init(_ db: Database, sql: String) throws {
        self.db = db
        self.statement = try db.cachedStatement(sql: sql)
        text = .allocate(capacity: textCapacity)
        textParameters.reserveCapacity(Int(sqlite3_bind_parameter_count(statement.sqliteStatement)))
    }

    deinit {
        // The statement lives on in GRDB's cache: it must not keep pointers into our buffer.
        sqlite3_clear_bindings(handle)
        text.deallocate()
    }

    private var handle: SQLiteStatement { statement.sqliteStatement }

    /// Binds text.
    func bind(_ string: String, at index: Int32) {
        var string = string
        string.withUTF8 { bind($0, at: index) }
    }

    /// Binds UTF-8 bytes as text; they are copied, so they need not outlive the call.
    func bind(_ utf8: UnsafeBufferPointer<UInt8>, at index: Int32) {
        if textCount + utf8.count > textCapacity {
            let capacity = max(textCapacity * 2, textCount + utf8.count)
            let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
            grown.update(from: text, count: textCount)
            text.deallocate()
            text = grown
            textCapacity = capacity
        }
        if let base = utf8.baseAddress { (text + textCount).update(from: base, count: utf8.count) }
        textParameters.append((index, textCount, utf8.count))
        textCount += utf8.count
    }

    /// Binds an integer.
    func bind(_ value: Int, at index: Int32) {
        sqlite3_bind_int64(handle, index, Int64(value))
    }

    /// Binds a boolean as 0 or 1, as GRDB stores it.
    func bind(_ value: Bool, at index: Int32) {
        sqlite3_bind_int64(handle, index, value ? 1 : 0)
    }

    /// Hands the row's text to SQLite, which reads it in place until the next bind.
    private func bindText() {
        for parameter in textParameters {
            // nil destructor: SQLITE_STATIC. Empty text still gets a pointer (a nil one binds NULL).
            sqlite3_bind_text(handle, parameter.index, UnsafeRawPointer(text + parameter.offset)
                .assumingMemoryBound(to: CChar.self), Int32(parameter.count), nil)
        }
        textParameters.removeAll(keepingCapacity: true)
        textCount = 0
    }

    /// Runs a statement that returns no rows.
    /// - Returns: how many rows it inserted, updated or deleted.
    @discardableResult
    func run() throws -> Int {
        bindText()
        let code = sqlite3_step(handle)
        guard code == SQLITE_DONE else { throw failure(code) }
        sqlite3_reset(handle)
        return Int(sqlite3_changes(db.sqliteConnection))
    }

    /// Runs a query, calling `body` with each row; the row's values are valid during the call.
    func forEachRow(_ body: (BulkRow) throws -> Void) throws {
        bindText()
        defer { sqlite3_reset(handle) }
        while true {
            let code = sqlite3_step(handle)
            if code == SQLITE_DONE { return }
            guard code == SQLITE_ROW else { throw failure(code) }
            try body(BulkRow(handle: handle))
        }
    }

    /// The error for a failed step, with SQLite's message (read before the reset).
    private func failure(_ code: Int32) -> DatabaseError {
        let message = sqlite3_errmsg(db.sqliteConnection).map { String(cString: $0) }
        sqlite3_reset(handle)
        return DatabaseError(resultCode: ResultCode(rawValue: code), message: message, sql: statement.sql)
    }
}

/// One row of a ``BulkStatement`` query, read in place.
struct BulkRow {
    fileprivate let handle: SQLiteStatement

    /// Whether the text in column `index` is exactly `string`, compared without a copy.
    func text(_ index: Int32, equals string: String) -> Bool {
        var string = string
        return string.withUTF8 { text(index, equals: $0) }
    }

    /// Whether the text in column `index` is exactly `utf8`.
    func text(_ index: Int32, equals utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        // SQLite's order: the text first, then its length.
        let bytes = sqlite3_column_text(handle, index)
        let count = Int(sqlite3_column_bytes(handle, index))
        guard utf8.count == count else { return false }
        guard count > 0, let bytes, let expected = utf8.baseAddress else { return count == 0 }
        return memcmp(bytes, expected, count) == 0
    }

    /// The integer in column `index`.
    func integer(_ index: Int32) -> Int { Int(sqlite3_column_int64(handle, index)) }
}
