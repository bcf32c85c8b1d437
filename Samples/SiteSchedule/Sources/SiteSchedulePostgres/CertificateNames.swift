import Foundation
import PostgresNIO

/// The host names and addresses a PostgreSQL server's certificate holds, fetched by a second
/// connection when `verify-full` refused it, so that the error can say what the certificate
/// names (NIOSSL's own message names neither side). The certificate is only read, never
/// trusted: nothing is sent over that connection.
enum CertificateNames {
    /// The names, or `nil` when they could not be read (in 5 seconds at most).
    static func of(host: String, port: Int) -> [String]? {
        let eventLoop = MultiThreadedEventLoopGroup.singleton.any()
        let promise = OnceFulfilled(eventLoop.makePromise(of: [String].self))
        let timeout = eventLoop.scheduleTask(in: .seconds(5)) { promise.fail(ChannelError.connectTimeout(.seconds(5))) }
        let bootstrap = ClientBootstrap(group: eventLoop)
            .connectTimeout(.seconds(5))
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(CertificateReader(promise: promise))
                }
            }
        guard let channel = try? bootstrap.connect(host: host, port: port).wait() else {
            timeout.cancel()
            eventLoop.execute { promise.fail(ChannelError.ioOnClosedChannel) }
            return nil
        }
        let names = try? promise.futureResult.wait()
        timeout.cancel()
        channel.close(promise: nil)
        return names
    }

    /// A name as a message shows it: a DNS name as it is, an IP address in its usual form.
    static func text(_ name: _SubjectAlternativeName) -> String? {
        let bytes = Array(name.contents)
        switch name.nameType {
        case .dnsName: return String(decoding: bytes, as: UTF8.self)
        case .ipAddress where bytes.count == 4 || bytes.count == 16:
            // inet_ntop's form (IPv6 with its zeros compressed), as the URL would name it.
            var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
            let family = bytes.count == 4 ? AF_INET : AF_INET6
            guard inet_ntop(family, bytes, &text, socklen_t(text.count)) != nil else { return nil }
            return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        default: return nil
        }
    }
}

/// Asks the server for TLS (PostgreSQL's SSLRequest), then reads its certificate's names
/// once the handshake is done.
private final class CertificateReader: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let promise: OnceFulfilled
    private var askedForTLS = false

    init(promise: OnceFulfilled) {
        self.promise = promise
    }

    func channelActive(context: ChannelHandlerContext) {
        // SSLRequest: length 8, then the code 80877103.
        var request = context.channel.allocator.buffer(capacity: 8)
        request.writeInteger(Int32(8))
        request.writeInteger(Int32(80_877_103))
        context.writeAndFlush(wrapOutboundOut(request), promise: nil)
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !askedForTLS else { return }
        askedForTLS = true
        var answer = unwrapInboundIn(data)
        guard answer.readInteger(as: UInt8.self) == UInt8(ascii: "S") else {
            promise.fail(ChannelError.inappropriateOperationForState)
            return
        }
        do {
            var configuration = TLSConfiguration.makeClientConfiguration()
            configuration.certificateVerification = .noHostnameVerification
            let promise = self.promise
            // The verification step hands over the certificates: read the names there, and
            // end the handshake (nothing more is wanted from this connection).
            let tls = try NIOSSLClientHandler(context: NIOSSLContext(configuration: configuration), serverHostname: nil) {
                certificates, verification in
                let names = certificates.first.map { Array($0._subjectAlternativeNames()).compactMap(CertificateNames.text) } ?? []
                promise.succeed(names)
                verification.succeed(NIOSSLVerificationResult.failed)
            }
            try context.pipeline.syncOperations.addHandler(tls, position: .first)
        } catch {
            promise.fail(error)
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        promise.fail(error)
        context.close(promise: nil)
    }
}

/// A promise completed by whichever of the timeout, the handshake and an error comes first;
/// the others are ignored (NIO forbids completing a promise twice). Every completion runs
/// on the promise's event loop, which `NIOLoopBoundBox` checks: no lock is needed.
private struct OnceFulfilled: Sendable {
    private let promise: EventLoopPromise<[String]>
    private let fulfilled: NIOLoopBoundBox<Bool>

    init(_ promise: EventLoopPromise<[String]>) {
        self.promise = promise
        // Made off the loop (the caller waits for the connection): NIO allows that here.
        fulfilled = .makeBoxSendingValue(false, eventLoop: promise.futureResult.eventLoop)
    }

    var futureResult: EventLoopFuture<[String]> { promise.futureResult }

    func succeed(_ names: [String]) {
        if claim() { promise.succeed(names) }
    }

    func fail(_ error: any Error) {
        if claim() { promise.fail(error) }
    }

    private func claim() -> Bool {
        if fulfilled.value { return false }
        fulfilled.value = true
        return true
    }
}
