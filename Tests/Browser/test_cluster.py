"""Two instances behind nginx sharing one Redis, as deploy/ sets them up: a shopper types a whole
card form in Chromium through nginx (round-robin, so consecutive keystrokes land on both
instances), one instance is killed mid-form, the shopper keeps typing and pays."""

import os
import random
import re
import secrets
import shutil
import socket
import subprocess
import tempfile
import time

import support
from support import BrowserTest

DEPLOYED = os.path.join(support.HERE, "..", "..", "deploy", "nginx.conf")


def free_port():
    """A free port below the ephemeral range (nothing bound to port 0 can land on it meanwhile)."""
    for _ in range(500):
        port = random.randrange(20000, 30000)
        with socket.socket() as probe:
            try:
                probe.bind(("127.0.0.1", port))
                return port
            except OSError:
                continue
    raise RuntimeError("no free port between 20000 and 30000")


def wait_for_port(port, process, what):
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and process.poll() is None:
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.05)
    raise RuntimeError("%s did not start on port %d" % (what, port))


class Cluster:
    """redis-server, two `cardform serve` sharing it (one secret key, one store key) and nginx with
    deploy/nginx.conf in front (its upstreams, port and log folder replaced). Stops everything."""

    def __init__(self, binary):
        self.directory = tempfile.mkdtemp(prefix="cardform-cluster-")
        self.processes = []
        self.instances = []
        self.binary = binary
        self.secret_key = "sk_test_" + secrets.token_hex(16)

    def start(self):
        redis_port = free_port()
        self.redis = self._spawn(["redis-server", "--port", str(redis_port), "--bind", "127.0.0.1", "--save", "",
                                  "--appendonly", "no", "--dir", self.directory], "redis.log")
        wait_for_port(redis_port, self.redis, "redis-server")
        environment = {
            "CARDFORM_STORE_URL": "redis://127.0.0.1:%d/0" % redis_port,
            "CARDFORM_STORE_KEY": secrets.token_hex(32),
            "CARDFORM_LIMITS_CONNECTIONS_PER_ADDRESS": "1024",
        }
        saved = {name: os.environ.get(name) for name in environment}
        os.environ.update(environment)
        try:
            for name in ("cluster-a", "cluster-b"):
                instance = support.Server(self.binary, name)
                instance.secret_key = self.secret_key
                self.instances.append(instance.start())
        finally:
            for name, value in saved.items():
                if value is None:
                    os.environ.pop(name, None)
                else:
                    os.environ[name] = value
        self.port = free_port()
        ports = [int(instance.url.rsplit(":", 1)[1]) for instance in self.instances]
        with open(os.path.join(self.directory, "cardform.conf"), "w") as site:
            site.write(self._site(ports))
        with open(os.path.join(self.directory, "nginx.conf"), "w") as main:
            main.write(self._main())
        self.nginx = self._spawn(["/usr/sbin/nginx", "-p", self.directory + "/", "-c", os.path.join(self.directory, "nginx.conf"),
                                  "-e", os.path.join(self.directory, "error.log")], "nginx.out")
        wait_for_port(self.port, self.nginx, "nginx")
        self.url = "http://127.0.0.1:%d" % self.port
        return self

    def _spawn(self, arguments, log):
        output = open(os.path.join(self.directory, log), "w")
        process = subprocess.Popen(arguments, stdout=output, stderr=subprocess.STDOUT)
        self.processes.append(process)
        return process

    def _site(self, ports):
        text = open(DEPLOYED).read()
        servers = re.findall(r"server 127\.0\.0\.1:[0-9]+", text)
        assert len(servers) == len(ports), "deploy/nginx.conf lists %d instances" % len(servers)
        for server, port in zip(servers, ports):
            text = text.replace(server, "server 127.0.0.1:%d" % port, 1)
        return (text.replace("listen 80;", "listen 127.0.0.1:%d;" % self.port)
                .replace("/var/log/nginx/", self.directory + "/"))

    def _main(self):
        temporary = "\n".join("    %s_temp_path %s/tmp-%s;" % (kind, self.directory, kind)
                              for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
        return ("daemon off;\nmaster_process off;\npid %s/nginx.pid;\nerror_log %s/error.log warn;\n"
                "events { worker_connections 256; }\nhttp {\n%s\n    include %s/cardform.conf;\n}\n"
                % (self.directory, self.directory, temporary, self.directory))

    def kill(self, index):
        process = self.instances[index].process
        process.kill()
        process.wait()

    def stop(self):
        for instance in self.instances:
            instance.stop()
        for process in reversed(self.processes):
            if process.poll() is None:
                process.terminate()
                try:
                    process.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait()
        shutil.rmtree(self.directory, ignore_errors=True)

    # The API through nginx, as a merchant's backend would call it.
    api = support.Server.api
    create_session = support.Server.create_session
    session_state = support.Server.session_state


class ClusterTests(BrowserTest):
    @classmethod
    def setUpClass(cls):
        cls.server = Cluster(support.server("main").binary)
        try:
            cls.server.start()
        except Exception:
            cls.server.stop()
            raise
        cls.driver = support.make_driver()

    @classmethod
    def tearDownClass(cls):
        super().tearDownClass()
        cls.server.stop()

    def test_a_shopper_types_the_whole_form_through_nginx_and_pays_after_an_instance_dies(self):
        self.open_form()
        self.type("cardNumber", "4111111111111111")
        self.wait_value("cardNumber", "4111 1111 1111 1111")
        self.type("expiryDate", "12")
        self.wait_value("expiryDate", "12/")
        self.server.kill(0)
        self.type("expiryDate", "30")
        self.wait_value("expiryDate", "12/30")
        self.type("cvv", "123")
        self.type("cardholderName", "ada lovelace")
        self.wait_value("cardholderName", "Ada Lovelace")
        self.pay()
        self.wait_present(".cf-result--succeeded")
        self.assertEqual(self.state()["phase"], "succeeded")
