package dev.fenced.tck.extension.withoutoverlapping;

import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.spi.Extension;
import jakarta.enterprise.inject.spi.ProcessAnnotatedType;

/**
 * The application's portable extension: adds {@code @WithoutOverlapping(key = ExportJob.KEY, ttl =
 * ExportJob.TTL)} to {@link ExportJob#run} through {@code configureAnnotatedType()}.
 */
public class AddsWithoutOverlapping implements Extension {

  void addWithoutOverlapping(@Observes ProcessAnnotatedType<ExportJob> event) {
    event
        .configureAnnotatedType()
        .filterMethods(method -> method.getJavaMember().getName().equals("run"))
        .forEach(method -> method.add(new WithoutOverlappingLiteral(ExportJob.KEY, ExportJob.TTL)));
  }
}
