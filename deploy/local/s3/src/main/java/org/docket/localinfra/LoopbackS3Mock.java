package org.docket.localinfra;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.embedded.tomcat.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * S3Mock serving plain HTTP on one address only. Its own main serves HTTPS (a self-signed certificate)
 * on server.port and adds a second, plain-HTTP connector that listens on every interface; this one
 * runs the same application without TLS on server.address:server.port and drops that second connector,
 * so the store is reachable from this machine only.
 *
 * Usage: java -cp s3mock.jar -Dloader.path=s3mock-local.jar -Dloader.main=org.docket.localinfra.LoopbackS3Mock
 *   org.springframework.boot.loader.launch.PropertiesLauncher --server.address=127.0.0.1 --server.port=9090 ...
 */
public final class LoopbackS3Mock {
  private static final String S3MOCK_APPLICATION = "com.adobe.testing.s3mock.S3MockApplication";

  private LoopbackS3Mock() {}

  public static void main(String[] args) throws ClassNotFoundException {
    Class<?> s3mock = Class.forName(S3MOCK_APPLICATION);
    new SpringApplicationBuilder(s3mock, OneConnector.class)
        // S3Mock's configuration requires a port for its extra connector; it is removed below.
        .properties("http.port=0", "spring.main.banner-mode=off")
        .run(args);
  }

  @Configuration(proxyBeanMethods = false)
  static class OneConnector {
    @Bean
    static WebServerFactoryCustomizer<TomcatServletWebServerFactory> withoutExtraConnectors() {
      return factory -> factory.getAdditionalTomcatConnectors().clear();
    }
  }
}
