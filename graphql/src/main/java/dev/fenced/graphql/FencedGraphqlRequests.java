package dev.fenced.graphql;

import dev.fenced.cdi.call.GraphqlRequests;
import dev.fenced.cdi.call.MutationField;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Optional;

/** The GraphQL requests {@link GraphqlEndpointFilter} read, for Fenced's interceptor. */
@ApplicationScoped
public class FencedGraphqlRequests implements GraphqlRequests {

  @Override
  public Optional<MutationField> nextField(String fieldName) {
    return CurrentOperation.get()
        .flatMap(
            operation ->
                operation
                    .next(fieldName)
                    .map(responseKey -> new OperationField(operation, responseKey)));
  }
}
