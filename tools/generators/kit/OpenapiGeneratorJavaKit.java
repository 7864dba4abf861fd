// Client-kit driver (protocol vendor-client-conformance v1) for the SDK OpenAPI Generator's java
// client (library native) writes: reads the calls file named by CLIENT_CONFORMANCE_CALLS, makes
// each call through the generated API classes and prints one JSON line per outcome.
// The SDK sends the credential its user's code gives it; it has no credential chain, no profile
// files and no token exchange, so those cases are answered `unsupported`.

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.vendor.client.ApiClient;
import com.vendor.client.ApiException;
import com.vendor.client.api.DreamsApi;
import com.vendor.client.api.MessageBatchesApi;
import com.vendor.client.api.MessagesApi;
import com.vendor.client.api.RateLimitsApi;
import com.vendor.client.model.Dream;
import com.vendor.client.model.MessageBatchResult;
import com.vendor.client.model.MessageCreateParams;
import com.vendor.client.model.OrganizationRateLimitList;
import java.io.File;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.HashMap;
import java.util.Map;

public class OpenapiGeneratorJavaKit {
  static final String VERSION = "2023-06-01";
  static final String DREAM_BETAS = "managed-agents-2026-04-01,dreaming-2026-04-21";
  static final ObjectMapper JSON = new ObjectMapper();

  public static void main(String[] args) throws Exception {
    JsonNode plan = JSON.readTree(new File(System.getenv("CLIENT_CONFORMANCE_CALLS")));
    String unsupported = unsupported(plan);
    if (unsupported != null) {
      print(JSON.createObjectNode().put("id", "construct").put("ok", false)
          .set("error", JSON.createObjectNode().put("kind", "unsupported").put("message", unsupported)));
      return;
    }
    JsonNode options = plan.path("options");
    String vendor = plan.path("vendor").asText("vendor").toUpperCase().replace('-', '_');
    ApiClient client = new ApiClient();
    client.updateBaseUri(plan.get("base_url").asText());
    if (options.hasNonNull("auth_token")) {
      String token = options.get("auth_token").asText();
      client.setRequestInterceptor(request -> request.header("Authorization", "Bearer " + token));
    } else {
      // The user's code gives the key: the constructor argument, else its own environment variable.
      String key = options.hasNonNull("api_key") ? options.get("api_key").asText() : System.getenv(vendor + "_API_KEY");
      client.setRequestInterceptor(request -> request.header("x-api-key", key));
    }
    ObjectMapper mapper = client.getObjectMapper();
    print(JSON.createObjectNode().put("id", "construct").put("ok", true));

    for (JsonNode call : plan.get("calls")) {
      ObjectNode line = JSON.createObjectNode().put("id", call.get("id").asText());
      try {
        Object result = null;
        switch (call.get("op").asText()) {
          case "messages.create": {
            MessageCreateParams params = mapper.convertValue(call.get("params"), MessageCreateParams.class);
            result = Map.of("id", new MessagesApi(client).messagesCreate(VERSION, params, null).getId());
            break;
          }
          case "organizations.rate_limits.list": {
            int count = 0;
            String page = null;
            do {
              OrganizationRateLimitList list = new RateLimitsApi(client).organizationsRateLimitsList(VERSION, null, null, page, null);
              count += list.getData().size();
              page = list.getNextPage();
            } while (page != null);
            result = Map.of("count", count);
            break;
          }
          case "messages.batches.results": {
            // The results are JSON lines at `results_url`: the generated operation parses one
            // object, so the client's HTTP client (with its credential) fetches them.
            URI url = new MessageBatchesApi(client).messagesBatchesRetrieve(call.get("batch_id").asText(), VERSION, null).getResultsUrl();
            HttpRequest.Builder get = HttpRequest.newBuilder(url).header("vendor-version", VERSION).GET();
            client.getRequestInterceptor().accept(get);
            HttpResponse<String> response = client.getHttpClient().send(get.build(), HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() / 100 != 2) throw new ApiException(response.statusCode(), "results", response.headers(), response.body());
            Map<String, String> types = new HashMap<>();
            for (String text : response.body().split("\n")) {
              if (text.isBlank()) continue;
              MessageBatchResult r = mapper.readValue(text, MessageBatchResult.class);
              types.put(r.getCustomId(), mapper.valueToTree(r.getResult().getActualInstance()).get("type").asText());
            }
            Map<String, String> answer = new HashMap<>();
            for (JsonNode id : call.get("custom_ids")) answer.put(id.asText(), types.get(id.asText()));
            result = answer;
            break;
          }
          case "dreams.retrieve": {
            DreamsApi dreams = new DreamsApi(client);
            Dream dream = dreams.dreamsRetrieve(call.get("dream_id").asText(), VERSION, DREAM_BETAS);
            while (call.path("until_settled").asBoolean(true)
                && ("pending".equals(dream.getStatus().getValue()) || "running".equals(dream.getStatus().getValue()))) {
              Thread.sleep(call.path("interval_ms").asLong(100));
              dream = dreams.dreamsRetrieve(call.get("dream_id").asText(), VERSION, DREAM_BETAS);
            }
            result = Map.of("status", dream.getStatus().getValue());
            break;
          }
          case "wait":
            Thread.sleep((long) (call.get("seconds").asDouble() * 1000));
            break;
          default:
            throw new UnsupportedOperationException(call.get("op").asText());
        }
        line.put("ok", true);
        if (result != null) line.set("result", JSON.valueToTree(result));
        print(line);
      } catch (Exception e) {
        line.put("ok", false).set("error", error(e));
        print(line);
        break;
      }
    }
  }

  /** Why the SDK cannot run the case, or null: what it would need. */
  static String unsupported(JsonNode plan) {
    String kase = plan.path("case").asText();
    if (plan.path("options").has("credentials") || kase.startsWith("credentials."))
      return "the generated SDK has no credential chain: it sends the key or token its user's code passes "
          + "(a request interceptor); environment variables, profiles and the federation token exchange would need a credential provider";
    if (kase.startsWith("profiles."))
      return "the generated SDK reads no profile files and writes no credentials file: it would need a profile loader and a token cache";
    return null;
  }

  static ObjectNode error(Exception e) {
    if (e instanceof ApiException) {
      ApiException api = (ApiException) e;
      ObjectNode error = JSON.createObjectNode().put("kind", "api").put("status", api.getCode());
      try {
        error.put("type", JSON.readTree(api.getResponseBody()).path("error").path("type").asText(null));
      } catch (Exception unreadable) {
        error.putNull("type");
      }
      return error;
    }
    if (e instanceof UnsupportedOperationException)
      return JSON.createObjectNode().put("kind", "unsupported").put("message", "no such call in this driver: " + e.getMessage());
    return JSON.createObjectNode().put("kind", "other").put("message", e.toString());
  }

  static void print(JsonNode line) throws Exception {
    System.out.println(JSON.writeValueAsString(line));
    System.out.flush();
  }
}
